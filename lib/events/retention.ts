// How long events are kept locally: beyond the platform's 30 days, which is the point of the store.
// EVENT_RETENTION_DAYS sets it (default two years; "0" keeps everything). A value of 30 days or less
// is refused, because reconciliation would fetch the deleted events again from the platform.
// The webhook delivery log and the reconciliation history describe those events and go with them.
import "server-only";
import { z } from "zod";
import { EVENT_RETENTION_DAYS } from "@/lib/contract";
import type { Db } from "@/lib/events/store";

const MIN_DAYS = EVENT_RETENTION_DAYS + 2;
const RetentionSchema = z.coerce
  .number()
  .int()
  .refine((d) => d === 0 || d >= MIN_DAYS)
  .default(730);

/** The configured retention; throws a message that says what to set (the start-up check calls it). */
export function retentionDays(env: Record<string, string | undefined> = process.env): number {
  const raw = env.EVENT_RETENTION_DAYS?.trim() || undefined;
  const parsed = RetentionSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(
      `EVENT_RETENTION_DAYS is "${raw}". Set it to a whole number of days: 0 keeps events forever, otherwise at least ${MIN_DAYS} ` +
        `(the platform keeps ${EVENT_RETENTION_DAYS} days, and reconciliation would fetch events deleted sooner again). Unset, events are kept 730 days.`,
    );
  }
  return parsed.data;
}

/** Deletes events (with their chart counts, webhook receipts and reconciliation runs) older than `days`; returns the number of events deleted. */
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
