// Sending jobs. Callers pass the boss so that tests can use one bound to their own database.
import "server-only";
import type PgBoss from "pg-boss";
import { QUEUES } from "@/lib/jobs/queues";

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

/** Queues a clinic's reconciliation; null when one is already waiting for that clinic. */
export async function enqueueReconciliation(boss: PgBoss, job: ReconcileClinicJob): Promise<string | null> {
  return boss.send(QUEUES.reconcileClinic, job, { singletonKey: job.clinicId });
}
