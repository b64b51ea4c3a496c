// Turns a spec-4 date filter into created_at bounds (UTC days; a range includes both ends) and picks
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

const DAY_MS = 86_400_000;
export const MAX_CHART_DAYS = 366;
export const DEFAULT_CHART_DAYS = 30;

const clampDay = (n: number) => Math.min(MAX_DAY_NUMBER, Math.max(MIN_DAY_NUMBER, n));
const startOf = (n: number) => new Date(n * DAY_MS);
export const dayStart = (day: string) => startOf(dayNumber(day));
/** `day` moved by `n` days, held within 0001-01-01..9999-12-31. */
export const addDays = (day: string, n: number) => dayFromNumber(clampDay(dayNumber(day) + n));
export const dayOf = (date: Date) => dayFromNumber(clampDay(Math.floor(date.getTime() / DAY_MS)));

export function parseDate(date: string | undefined): DateFilter | undefined {
  if (!date) return undefined;
  const parsed = parseDateFilter(date);
  return parsed.ok ? parsed.filter : undefined;
}

/** The start of the day after day number `n`, or none past the last day (no later instant is kept). */
const endOf = (n: number) => (n >= MAX_DAY_NUMBER ? undefined : startOf(n + 1));

/** created_at >= gte and < lt. */
export function createdAtBounds(filter: DateFilter | undefined): { gte?: Date; lt?: Date } {
  if (!filter) return {};
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
