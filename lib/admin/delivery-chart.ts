// Delivery success over time: the platform's delivery attempts counted per UTC day into delivered
// and failed. Pure (shared by the server that counts and the chart that draws).
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

const DAY_MS = 24 * 3600 * 1000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The `days` calendar days ending with the day of `now` (UTC), oldest first. */
export function chartWindow(now: Date, days: number): { from: string; to: string; list: string[] } {
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const list = Array.from({ length: days }, (_, i) => dayOf(new Date(end - (days - 1 - i) * DAY_MS)));
  return { from: list[0], to: list[list.length - 1], list };
}

export function countDeliveriesPerDay(
  attempts: Iterable<{ attempted_at: string; successfully_delivered: boolean }>,
  window: { list: string[] },
): DeliveryDay[] {
  const byDay = new Map(window.list.map((day) => [day, { day, delivered: 0, failed: 0 }]));
  for (const a of attempts) {
    const slot = byDay.get(dayOf(new Date(a.attempted_at)));
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
