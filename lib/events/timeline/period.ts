// Turns a spec-4 date filter into created_at bounds (days on the clinic's clock, lib/format/days.ts;
// a range includes both ends) and picks
// the chart's period: the filter's days, capped so a chart never has more than a year of bars. Day
// arithmetic is on day numbers, kept within the calendar the filter grammar names (0001-01-01 to
// 9999-12-31): a day is never compared as text, so no filter can make a loop run past its end.
import {
  dayFromNumber,
  dayNumber,
  MAX_DAY_NUMBER,
  MIN_DAY_NUMBER,
  parseDateFilter,
  type DateFilter,
} from "@/lib/contract";
import { dayIn, startOfDayIn } from "@/lib/format/days";

const DAY_MS = 86_400_000;
export const MAX_CHART_DAYS = 366;
export const DEFAULT_CHART_DAYS = 30;

const FIRST_INSTANT = new Date("0001-01-01T00:00:00.000Z");
const clampDay = (n: number) => Math.min(MAX_DAY_NUMBER, Math.max(MIN_DAY_NUMBER, n));
/** `day` moved by `n` days, held within 0001-01-01..9999-12-31. */
export const addDays = (day: string, n: number) => dayFromNumber(clampDay(dayNumber(day) + n));
/** The UTC day of a `date` column's value (which the driver reads as UTC midnight). */
export const dayOf = (date: Date) => dayFromNumber(clampDay(Math.floor(date.getTime() / DAY_MS)));
/** Today on the clinic's clock. */
export const todayIn = (timeZone: string, now = new Date()) => dayIn(now, timeZone);

export function parseDate(date: string | undefined): DateFilter | undefined {
  if (!date) return undefined;
  const parsed = parseDateFilter(date);
  return parsed.ok ? parsed.filter : undefined;
}

/** created_at >= gte and < lt, the filter's days being days in `timeZone`. */
export function createdAtBounds(filter: DateFilter | undefined, timeZone: string): { gte?: Date; lt?: Date } {
  if (!filter) return {};
  // A zone ahead of UTC starts 0001-01-01 in year 0, which the database has no text for: nothing
  // stored is that old, so the first day's bound is the calendar's first instant.
  const startOf = (n: number) => {
    const at = startOfDayIn(dayFromNumber(n), timeZone);
    return at.getTime() < FIRST_INSTANT.getTime() ? FIRST_INSTANT : at;
  };
  const dayStart = (day: string) => startOf(dayNumber(day));
  // The start of the day after day number `n`, or none past the last day (no later instant is kept).
  const endOf = (n: number) => (n >= MAX_DAY_NUMBER ? undefined : startOf(n + 1));
  const bounds = (gte: Date | undefined, lt: Date | undefined) => ({
    ...(gte ? { gte } : {}),
    ...(lt ? { lt } : {}),
  });
  switch (filter.kind) {
    case "on":
      return bounds(dayStart(filter.date), endOf(dayNumber(filter.date)));
    case "before":
      return bounds(undefined, dayStart(filter.date));
    case "after": {
      // After the last day nothing matches: an empty range within the calendar.
      const gte = endOf(dayNumber(filter.date));
      return gte ? bounds(gte, undefined) : bounds(startOf(MAX_DAY_NUMBER), startOf(MAX_DAY_NUMBER));
    }
    case "between":
      return bounds(dayStart(filter.from), endOf(dayNumber(filter.to)));
  }
}

/** First and last day (inclusive) of the chart for a filter, as of `today`; at most MAX_CHART_DAYS. */
export function chartPeriod(filter: DateFilter | undefined, today: string): { from: string; to: string } {
  const period = (from: number, to: number) => {
    const end = clampDay(to);
    const start = Math.min(end, Math.max(clampDay(from), end - (MAX_CHART_DAYS - 1)));
    return { from: dayFromNumber(start), to: dayFromNumber(end) };
  };
  const now = dayNumber(today);
  if (!filter) return period(now - (DEFAULT_CHART_DAYS - 1), now);
  switch (filter.kind) {
    case "on":
      return period(dayNumber(filter.date), dayNumber(filter.date));
    case "before": {
      const last = dayNumber(filter.date) - 1;
      return period(last - (DEFAULT_CHART_DAYS - 1), last);
    }
    case "after": {
      const first = dayNumber(filter.date) + 1;
      return period(first, Math.max(first, now));
    }
    case "between":
      return period(dayNumber(filter.from), dayNumber(filter.to));
  }
}

/** Every day from..to inclusive, at most MAX_CHART_DAYS of them. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const last = dayNumber(to);
  for (let n = dayNumber(from); n <= last && out.length < MAX_CHART_DAYS; n++) out.push(dayFromNumber(n));
  return out;
}
