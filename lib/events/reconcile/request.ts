// Starting a reconciliation (on demand or from the schedule) and reading its progress. A run row is
// made first so the admin page shows "queued" at once; while one waits, a second ask gets it (the
// clinic's lock, lease.ts). Which run runs, and taking back a dead one, is lease.ts's.
import "server-only";
import type PgBoss from "pg-boss";
import type { ReconciliationRun, ReconciliationTrigger } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/db";
import { enqueueReconciliation } from "@/lib/queue/enqueue";
import { recordAudit } from "@/lib/audit/record";
import { lockClinicRuns } from "@/lib/events/reconcile/lease";

export async function requestReconciliation(
  db: Db,
  boss: PgBoss,
  clinicId: string,
  trigger: ReconciliationTrigger,
  /** The admin who asked (null: the schedule). */
  requestedBy: string | null = null,
): Promise<ReconciliationRun> {
  // One waiting run per clinic: under the clinic's lock, a queued run is the answer to a second ask.
  const { run, created } = await db.$transaction(async (tx) => {
    await lockClinicRuns(tx, clinicId);
    const waiting = await tx.reconciliationRun.findFirst({
      where: { clinicId, status: "queued" },
      orderBy: { requestedAt: "desc" },
    });
    if (waiting) return { run: waiting, created: false };
    return { run: await tx.reconciliationRun.create({ data: { clinicId, trigger } }), created: true };
  });
  if (!created) return run;
  const jobId = await enqueueReconciliation(boss, { clinicId, runId: run.id }).catch(async (error: unknown) => {
    await db.reconciliationRun.delete({ where: { id: run.id } });
    throw error;
  });
  await db.reconciliationRun.updateMany({ where: { id: run.id, jobId: null }, data: { jobId } });
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

export async function latestRun(db: Db, clinicId: string): Promise<ReconciliationRun | null> {
  return db.reconciliationRun.findFirst({ where: { clinicId }, orderBy: { requestedAt: "desc" } });
}
