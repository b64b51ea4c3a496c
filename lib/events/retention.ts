// How long events are kept locally: beyond the platform's 30 days, which is the point of the store.
// EVENT_RETENTION_DAYS sets it (lib/config.ts: default two years, "0" keeps everything, 30 days or
// less refused, because reconciliation would fetch the deleted events again from the platform).
// The webhook delivery log and the reconciliation history describe those events and go with them.
import "server-only";
import type { Db } from "@/lib/db";
import { DEFAULT_CLINIC_TIME_ZONE } from "@/lib/format/time-zone";

/**
 * Deletes events (with their chart counts, webhook receipts and reconciliation runs) older than
 * `days`; returns the number of events deleted.
 */
export async function applyRetention(db: Db, days: number, now = new Date()): Promise<number> {
  if (days === 0) return 0;
  // Whole days: the chart's per-day counts are kept by day on each clinic's clock
  // (lib/events/daily-counts.ts), so each clinic's events are cut at the start of that day in its zone.
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  cutoff.setUTCHours(0, 0, 0, 0);
  const day = cutoff.toISOString().slice(0, 10);
  const [, deleted] = await db.$transaction([
    // Years of events may go at once on a first pass: the pool's statement bound is not for this.
    db.$executeRaw`SET LOCAL statement_timeout = 0`,
    // No zone is more than 14 hours from UTC: the first condition lets the index narrow the scan.
    db.$executeRaw`
      DELETE FROM events e
      WHERE e.created_at < ${day}::date + interval '1 day'
        AND e.created_at < (${day}::date::timestamp AT TIME ZONE COALESCE(
          (SELECT c.time_zone FROM clinics c WHERE c.id = e.clinic_id), ${DEFAULT_CLINIC_TIME_ZONE})) AT TIME ZONE 'UTC'`,
    db.eventDailyCount.deleteMany({ where: { day: { lt: cutoff } } }),
    db.webhookReceipt.deleteMany({ where: { receivedAt: { lt: cutoff } } }),
    // A run requested that long ago is over (runs take minutes), whatever its status says.
    db.reconciliationRun.deleteMany({ where: { requestedAt: { lt: cutoff } } }),
  ]);
  return deleted;
}
