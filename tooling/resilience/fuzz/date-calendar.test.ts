// The date filter over the whole calendar its grammar names (0001-01-01 to 9999-12-31), in every form
// (on, before, after, range): a deterministic sweep drives each filter through the same path the
// timeline takes (parse → created_at bounds → chart period → chart days) and checks that it ends
// quickly with bounded output. Every day of the first and last two years, every month's first and
// last day of those years, every century's 29 February and 1 March, and every 389th day in between; ranges pair those days
// with the calendar's ends and with seeded partners. Checks collect failures and assert once, so the
// sweep costs milliseconds per thousand filters. The days past either end are refused by name. Bounds
// are taken in the zones furthest ahead of and behind UTC (a clinic's days, lib/format/days.ts).
import { describe, expect, it } from "vitest";
import {
  dayFromNumber,
  dayNumber,
  formatDateFilter,
  isCalendarDate,
  MAX_DAY,
  MAX_DAY_NUMBER,
  MIN_DAY,
  MIN_DAY_NUMBER,
  parseDateFilter,
  type DateFilter,
} from "@/lib/contract";
import { chartPeriod, createdAtBounds, daysBetween, MAX_CHART_DAYS } from "@/lib/events/timeline/period";
import { int, newRandom } from "@/tooling/resilience/fuzz/mutate";

const DAY_MS = 86_400_000;
const FIRST_MS = Date.UTC(2000, 0, 1) + (MIN_DAY_NUMBER - dayNumber("2000-01-01")) * DAY_MS;
const AFTER_LAST_MS = (MAX_DAY_NUMBER + 1) * DAY_MS;
const TODAYS = ["2026-11-24", MIN_DAY, MAX_DAY];
const ZONES = ["Pacific/Kiritimati", "Etc/GMT+12"];

function sweepDays(): number[] {
  const days = new Set<number>();
  for (let n = MIN_DAY_NUMBER; n <= MIN_DAY_NUMBER + 731; n++) days.add(n);
  for (let n = MAX_DAY_NUMBER - 731; n <= MAX_DAY_NUMBER; n++) days.add(n);
  for (let n = MIN_DAY_NUMBER; n <= MAX_DAY_NUMBER; n += 389) days.add(n);
  for (let y = 100; y <= 9999; y += 100) {
    const yyyy = String(y).padStart(4, "0");
    days.add(dayNumber(`${yyyy}-03-01`));
    if (isCalendarDate(`${yyyy}-02-29`)) days.add(dayNumber(`${yyyy}-02-29`));
  }
  return [...days].sort((a, b) => a - b);
}

/** Drives one filter through the timeline's path; what is wrong with its outputs, or null. */
function drive(filter: DateFilter): string | null {
  const text = formatDateFilter(filter);
  const parsed = parseDateFilter(text);
  if (!parsed.ok || formatDateFilter(parsed.filter) !== text) return `${text}: not parsed back`;
  for (const zone of ZONES) {
    const { gte, lt } = createdAtBounds(filter, zone);
    for (const bound of [gte, lt]) {
      // Every bound is an instant of the calendar (it is sent to the database as text).
      if (bound && (bound.getTime() < FIRST_MS || bound.getTime() >= AFTER_LAST_MS))
        return `${text} in ${zone}: bound ${bound.toISOString()} outside the calendar`;
    }
    if (gte && lt && gte.getTime() > lt.getTime()) return `${text} in ${zone}: bounds reversed`;
  }
  for (const today of TODAYS) {
    const { from, to } = chartPeriod(filter, today);
    const length = dayNumber(to) - dayNumber(from) + 1;
    if (!isCalendarDate(from) || !isCalendarDate(to) || length < 1 || length > MAX_CHART_DAYS)
      return `${text} @ ${today}: chart ${from}..${to}`;
  }
  return null;
}

/** Drives every filter and asserts once that none went wrong. */
function driveAll(filters: Iterable<DateFilter>): number {
  const wrong: string[] = [];
  let driven = 0;
  for (const filter of filters) {
    driven += 1;
    const problem = drive(filter);
    if (problem && wrong.length < 20) wrong.push(problem);
  }
  expect(wrong).toEqual([]);
  return driven;
}

describe("the date filter over the whole calendar", () => {
  const days = sweepDays();

  it("names every day of the calendar by number and back, and nothing outside it", () => {
    expect(dayFromNumber(MIN_DAY_NUMBER)).toBe(MIN_DAY);
    expect(dayFromNumber(MAX_DAY_NUMBER)).toBe(MAX_DAY);
    expect(MAX_DAY_NUMBER - MIN_DAY_NUMBER + 1).toBe(3_652_059);
    // Every day, exhaustively: numbers and text agree and sort alike.
    let previous = "";
    for (let n = MIN_DAY_NUMBER; n <= MAX_DAY_NUMBER; n++) {
      const day = dayFromNumber(n);
      if (day <= previous || dayNumber(day) !== n) expect.fail(`${n} → ${day} after ${previous}`);
      previous = day;
    }
    expect(new Date(MAX_DAY_NUMBER * DAY_MS).toISOString().slice(0, 10)).toBe(MAX_DAY);
    for (const outside of ["0000-12-31", "0000-01-01", "10000-01-01", "+010000-01-01", "-000001-01-01"])
      expect(isCalendarDate(outside), outside).toBe(false);
  }, 120_000);

  it(`drives on, before and after over ${days.length} days from ${MIN_DAY} to ${MAX_DAY}`, () => {
    function* filters(): Generator<DateFilter> {
      for (const n of days) {
        const date = dayFromNumber(n);
        yield { kind: "on", date };
        if (n > MIN_DAY_NUMBER) yield { kind: "before", date };
        if (n < MAX_DAY_NUMBER) yield { kind: "after", date };
      }
    }
    expect(driveAll(filters())).toBe(days.length * 3 - 2);
  }, 120_000);

  it("drives ranges between swept days, the calendar's ends and seeded partners", () => {
    const random = newRandom(0xca1e);
    function* filters(): Generator<DateFilter> {
      for (const n of days) {
        const partner = int(random, MIN_DAY_NUMBER, MAX_DAY_NUMBER);
        for (const [a, b] of [
          [n, n],
          [MIN_DAY_NUMBER, n],
          [n, MAX_DAY_NUMBER],
          [Math.min(n, partner), Math.max(n, partner)],
        ])
          yield { kind: "between", from: dayFromNumber(a), to: dayFromNumber(b) };
      }
    }
    expect(driveAll(filters())).toBe(days.length * 4);
  }, 120_000);

  it("lists the chart's days of the widest filters, each a real day, at most a year of them", () => {
    for (const text of [MAX_DAY, `>${dayFromNumber(MAX_DAY_NUMBER - 1)}`, `${MIN_DAY}..${MAX_DAY}`, `<0001-01-02`])
      for (const today of TODAYS) {
        const parsed = parseDateFilter(text);
        if (!parsed.ok) expect.fail(text);
        const { from, to } = chartPeriod(parsed.filter, today);
        const list = daysBetween(from, to);
        expect(list.length).toBeGreaterThanOrEqual(1);
        expect(list.length).toBeLessThanOrEqual(MAX_CHART_DAYS);
        expect(list.every(isCalendarDate)).toBe(true);
        expect(list[list.length - 1]).toBe(to);
      }
    expect(daysBetween(MIN_DAY, MAX_DAY)).toHaveLength(MAX_CHART_DAYS);
    expect(daysBetween(MAX_DAY, MIN_DAY)).toEqual([]);
  });

  it("refuses the days past either end by name, never with an exception", () => {
    const refused: Array<[string, RegExp]> = [
      [`<${MIN_DAY}`, /no day before 0001-01-01/],
      [`>${MAX_DAY}`, /no day after 9999-12-31/],
      ["0000-01-01", /days run from 0001-01-01 to 9999-12-31/],
      ["<0000-12-31", /not a valid date/],
      ["+010000-01-01", /not a valid date/],
      ["9999-12-31..10000-01-01", /two valid dates/],
      ["0000-12-31..0001-01-01", /two valid dates/],
    ];
    for (const [text, message] of refused) {
      const parsed = parseDateFilter(text);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.message).toMatch(message);
    }
  });
});
