// How long events are kept locally: beyond the platform's 30 days, which is the point of the store.
// EVENT_RETENTION_DAYS sets it (lib/config.ts: default two years, "0" keeps everything, 30 days or
// less refused, because reconciliation would fetch the deleted events again from the platform).
// The webhook delivery log and the reconciliation history describe those events and go with them.
import "server-only";
import type { Db } from "@/lib/events/store";

/**
 * Deletes events (with their chart counts, webhook receipts and reconciliation runs) older than
 * `days`; returns the number of events deleted.
 */
export async function applyRetention(db: Db, days: number, now = new Date()): Promise<number> {
  if (days === 0) return 0;
  // A whole UTC day, so that the chart's per-day counts and the events are cut at the same place.
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  cutoff.setUTCHours(0, 0, 0, 0);
  const [deleted] = await db.$transaction([
    db.event.deleteMany({ where: { createdAt: { lt: cutoff } } }),
    db.eventDailyCount.deleteMany({ where: { day: { lt: cutoff } } }),
    db.webhookReceipt.deleteMany({ where: { receivedAt: { lt: cutoff } } }),
    // A run requested that long ago is over (runs take minutes), whatever its status says.
    db.reconciliationRun.deleteMany({ where: { requestedAt: { lt: cutoff } } }),
  ]);
  return deleted.count;
}
