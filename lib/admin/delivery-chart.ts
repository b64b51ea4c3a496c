// Delivery success over time: the platform's delivery attempts counted per day of the clinic's zone
// into delivered and failed. Pure (shared by the server that counts and the chart that draws).
import { dayIn } from "@/lib/format/days";
import { addDays } from "@/lib/events/timeline/period";
export interface DeliveryDay {
  day: string;
  delivered: number;
  failed: number;
}

export interface DeliveryChart {
  from: string;
  to: string;
  days: DeliveryDay[];
  /** True when there were more attempts than we read: the counts are a lower bound. */
  truncated: boolean;
}

export interface ChartWindow {
  from: string;
  to: string;
  list: string[];
  timeZone: string;
}

/** The `days` calendar days ending with the day of `now` in `timeZone`, oldest first. */
export function chartWindow(now: Date, days: number, timeZone: string): ChartWindow {
  const today = dayIn(now, timeZone);
  const list = Array.from({ length: days }, (_, i) => addDays(today, i - (days - 1)));
  return { from: list[0], to: list[list.length - 1], list, timeZone };
}

export function countDeliveriesPerDay(
  attempts: Iterable<{ attempted_at: string; successfully_delivered: boolean }>,
  window: Pick<ChartWindow, "list" | "timeZone">,
): DeliveryDay[] {
  const byDay = new Map(window.list.map((day) => [day, { day, delivered: 0, failed: 0 }]));
  for (const a of attempts) {
    const slot = byDay.get(dayIn(new Date(a.attempted_at), window.timeZone));
    if (!slot) continue; // outside the window (the platform's clock may run ahead of ours)
    if (a.successfully_delivered) slot.delivered += 1;
    else slot.failed += 1;
  }
  return [...byDay.values()];
}

/** e.g. "97%" or "—" for a day without attempts. */
export function successRate(day: { delivered: number; failed: number }): string {
  const total = day.delivered + day.failed;
  return total === 0 ? "—" : `${Math.round((day.delivered / total) * 100)}%`;
}
