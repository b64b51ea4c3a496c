// What the browser is told about a reconciliation run: progress and counts, and the failed webhook
// deliveries the platform reported (event ids and reasons only, never event data).
import "server-only";
import { z } from "zod";
import type { ReconciliationRun } from "@/lib/generated/prisma/client";
import { progressOf } from "@/lib/events/reconcile/progress";

const FailedDeliverySchema = z.object({
  eventId: z.string(),
  eventType: z.string(),
  failedAttempts: z.number(),
  lastAttemptAt: z.string(),
  lastStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  storedLocally: z.boolean(),
});

export interface ReconciliationView {
  id: string;
  status: ReconciliationRun["status"];
  trigger: ReconciliationRun["trigger"];
  requestedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** 0..100 */
  percent: number;
  fetched: number;
  inserted: number;
  error: string | null;
  failedDeliveries: z.infer<typeof FailedDeliverySchema>[];
}

export function viewOfRun(run: ReconciliationRun): ReconciliationView {
  const failed = z.array(FailedDeliverySchema).safeParse(run.failedDeliveries);
  return {
    id: run.id,
    status: run.status,
    trigger: run.trigger,
    requestedAt: run.requestedAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
    percent: Math.round(progressOf(run) * 100),
    fetched: run.fetched,
    inserted: run.inserted,
    error: run.error,
    failedDeliveries: failed.success ? failed.data : [],
  };
}
