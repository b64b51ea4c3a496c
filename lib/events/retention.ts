// How long events are kept locally: beyond the platform's 30 days, which is the point of the store.
// EVENT_RETENTION_DAYS sets it (default two years; "0" keeps everything). A value of 30 days or less
// is refused, because reconciliation would fetch the deleted events again from the platform.
import "server-only";
import { z } from "zod";
import { EVENT_RETENTION_DAYS } from "@/lib/contract";
import type { Db } from "@/lib/events/store";

const RetentionSchema = z.coerce
  .number()
  .int()
  .refine((d) => d === 0 || d > EVENT_RETENTION_DAYS + 1, `must be 0 (keep forever) or more than ${EVENT_RETENTION_DAYS + 1} days`)
  .default(730);

export function retentionDays(env: Record<string, string | undefined> = process.env): number {
  const parsed = RetentionSchema.safeParse(env.EVENT_RETENTION_DAYS === "" ? undefined : env.EVENT_RETENTION_DAYS);
  if (!parsed.success) throw new Error(`Invalid EVENT_RETENTION_DAYS: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** Deletes events (and their chart counts) older than `days`; returns the number of events deleted. */
export async function applyRetention(db: Db, days: number, now = new Date()): Promise<number> {
  if (days === 0) return 0;
  // A whole UTC day, so that the chart's per-day counts and the events are cut at the same place.
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  cutoff.setUTCHours(0, 0, 0, 0);
  const [deleted] = await db.$transaction([
    db.event.deleteMany({ where: { createdAt: { lt: cutoff } } }),
    db.eventDailyCount.deleteMany({ where: { day: { lt: cutoff } } }),
  ]);
  return deleted.count;
}
