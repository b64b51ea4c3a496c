// Events per day by category for the chart, from the daily-count projection the processing job
// keeps (so a year of history is at most 366 × 7 small rows, not a scan of the events). The
// projection's days are the clinic's (lib/events/daily-counts.ts), as are the filter's and today.
import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/db";
import type { TimelineFilters } from "@/lib/events/timeline/filters";
import { TIMELINE_CATEGORIES } from "@/lib/events/categories";
import { chartPeriod, daysBetween, dayOf, parseDate, todayIn } from "@/lib/events/timeline/period";

export interface EventsPerDay {
  from: string;
  to: string;
  days: string[];
  /**
   * One series per category present in the period (or the filtered one), counts aligned with days,
   * of the filtered type when there is one. Free-text search does not narrow it (the page says so).
   */
  series: Array<{ category: string; counts: number[]; total: number }>;
}

export async function eventsPerDay(
  db: Db,
  clinicId: string,
  timeZone: string,
  filters: TimelineFilters,
  today = todayIn(timeZone),
): Promise<EventsPerDay> {
  const { from, to } = chartPeriod(parseDate(filters.date), today);
  const byCategory = filters.category ? Prisma.sql`AND category = ${filters.category}` : Prisma.empty;
  const byType = filters.type ? Prisma.sql`AND type = ${filters.type}` : Prisma.empty;
  const rows = await db.$queryRaw<Array<{ day: Date; category: string; count: number }>>`
    SELECT day, category, count FROM event_daily_counts
    WHERE clinic_id = ${clinicId} AND day >= ${from}::date AND day <= ${to}::date ${byCategory} ${byType}`;
  const days = daysBetween(from, to);
  const index = new Map(days.map((d, i) => [d, i]));
  const series = new Map<string, number[]>();
  for (const r of rows) {
    const counts = series.get(r.category) ?? days.map(() => 0);
    const i = index.get(dayOf(r.day));
    if (i !== undefined) counts[i] += Number(r.count);
    series.set(r.category, counts);
  }
  const order = (c: string) => (TIMELINE_CATEGORIES as readonly string[]).indexOf(c);
  return {
    from,
    to,
    days,
    series: [...series.entries()]
      .sort(([a], [b]) => order(a) - order(b))
      .map(([category, counts]) => ({ category, counts, total: counts.reduce((s, n) => s + n, 0) })),
  };
}
