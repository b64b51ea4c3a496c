// Sending jobs. Callers pass the boss so that tests can use one bound to their own database.
import "server-only";
import type PgBoss from "pg-boss";
import { QUEUES } from "@/lib/queue/queues";

export interface ProcessEventsJob {
  eventIds: string[];
}
export interface ReconcileClinicJob {
  clinicId: string;
  runId: string;
}

/** Queues projections for newly stored events, in batches so a big reconciliation is not one job. */
export async function enqueueEventProcessing(boss: PgBoss, eventIds: readonly string[]): Promise<void> {
  for (let i = 0; i < eventIds.length; i += 100) {
    const job: ProcessEventsJob = { eventIds: eventIds.slice(i, i + 100) };
    await boss.send(QUEUES.processEvents, job);
  }
}

/**
 * Queues a run of a clinic's reconciliation (its row exists; lib/events/reconcile/request.ts keeps
 * one waiting per clinic). `startAfter` seconds: when another run of the clinic is under way.
 */
export async function enqueueReconciliation(
  boss: PgBoss,
  job: ReconcileClinicJob,
  startAfter?: number,
): Promise<string> {
  const id = await boss.send(QUEUES.reconcileClinic, job, startAfter ? { startAfter } : {});
  if (!id) throw new Error("The job queue did not accept the reconciliation job.");
  return id;
}
