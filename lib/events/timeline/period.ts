// Turns a spec-4 date filter into created_at bounds (UTC days; a range includes both ends) and picks
// the chart's period: the filter's days, capped so a chart never has more than a year of bars.
import { parseDateFilter, type DateFilter } from "@/lib/contract";

const DAY_MS = 86_400_000;
export const MAX_CHART_DAYS = 366;
export const DEFAULT_CHART_DAYS = 30;

export const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
export const addDays = (day: string, n: number) =>
  new Date(dayStart(day).getTime() + n * DAY_MS).toISOString().slice(0, 10);
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export function parseDate(date: string | undefined): DateFilter | undefined {
  if (!date) return undefined;
  const parsed = parseDateFilter(date);
  return parsed.ok ? parsed.filter : undefined;
}

/** created_at >= gte and < lt. */
export function createdAtBounds(filter: DateFilter | undefined): { gte?: Date; lt?: Date } {
  if (!filter) return {};
  switch (filter.kind) {
    case "on":
      return { gte: dayStart(filter.date), lt: dayStart(addDays(filter.date, 1)) };
    case "before":
      return { lt: dayStart(filter.date) };
    case "after":
      return { gte: dayStart(addDays(filter.date, 1)) };
    case "between":
      return { gte: dayStart(filter.from), lt: dayStart(addDays(filter.to, 1)) };
  }
}

/** First and last day (inclusive) of the chart for a filter, as of `today`. */
export function chartPeriod(filter: DateFilter | undefined, today: string): { from: string; to: string } {
  const capped = (from: string, to: string) =>
    from < addDays(to, -(MAX_CHART_DAYS - 1)) ? { from: addDays(to, -(MAX_CHART_DAYS - 1)), to } : { from, to };
  if (!filter) return { from: addDays(today, -(DEFAULT_CHART_DAYS - 1)), to: today };
  switch (filter.kind) {
    case "on":
      return { from: filter.date, to: filter.date };
    case "before":
      return { from: addDays(filter.date, -DEFAULT_CHART_DAYS), to: addDays(filter.date, -1) };
    case "after": {
      const from = addDays(filter.date, 1);
      return capped(from, from > today ? from : today);
    }
    case "between":
      return capped(filter.from, filter.to);
  }
}

/** Every day from..to inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}
