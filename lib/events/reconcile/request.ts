// Starting a reconciliation (on demand or from the schedule) and reading its progress. A run row is
// made first so the admin page shows "queued" at once; the job queue's stately policy keyed by clinic
// refuses a second waiting job, in which case the run that already waits is the answer.
import "server-only";
import type PgBoss from "pg-boss";
import type { ReconciliationRun, ReconciliationTrigger } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/events/store";
import { enqueueReconciliation } from "@/lib/jobs/enqueue";
import { recordAudit } from "@/lib/audit/record";

export async function requestReconciliation(
  db: Db,
  boss: PgBoss,
  clinicId: string,
  trigger: ReconciliationTrigger,
  /** The admin who asked (null: the schedule). */
  requestedBy: string | null = null,
): Promise<ReconciliationRun> {
  const run = await db.reconciliationRun.create({ data: { clinicId, trigger } });
  const jobId = await enqueueReconciliation(boss, { clinicId, runId: run.id }).catch(async (error: unknown) => {
    await db.reconciliationRun.delete({ where: { id: run.id } });
    throw error;
  });
  if (jobId) {
    await recordAudit(
      {
        clinicId,
        actorUserId: requestedBy,
        action: "reconciliation.started",
        target: { type: "reconciliation_run", id: run.id },
        details: { trigger },
      },
      db,
    );
    return run;
  }
  await db.reconciliationRun.delete({ where: { id: run.id } });
  const waiting = await db.reconciliationRun.findFirst({
    where: { clinicId, status: "queued" },
    orderBy: { requestedAt: "desc" },
  });
  return waiting ?? (await latestRun(db, clinicId)) ?? run;
}

export async function latestRun(db: Db, clinicId: string): Promise<ReconciliationRun | null> {
  return db.reconciliationRun.findFirst({ where: { clinicId }, orderBy: { requestedAt: "desc" } });
}
