// Who runs a clinic's reconciliation, told by the run row rather than by the job queue: a worker
// claims a queued run (one running per clinic, under a per-clinic advisory lock), keeps its
// heartbeat fresh while it runs, and any app process takes back a run whose heartbeat stopped (its
// process died: kill -9, a lost machine). The dead run is failed visibly and a new one is queued,
// which goes on from the cursors: the event store ignores ids it has, so nothing is stored twice and
// the overlap re-reads what the dead run may have missed. The queue itself keeps no per-clinic
// state, so one clinic's dead job never holds up another clinic's run.
import "server-only";
import type PgBoss from "pg-boss";
import type { Db, DbTx } from "@/lib/db";
import { log } from "@/lib/log/logger";

/** How often a running run says it is alive. */
export const HEARTBEAT_MS = 10_000;
/** A running run silent this long is dead. */
export const STALE_AFTER_MS = 30_000;
/** How often each worker process looks for dead runs and lost jobs (and once when it starts). */
export const WATCH_EVERY_MS = 15_000;
/** A queued job picked up but never claimed for this long belonged to a process that died. */
export const UNCLAIMED_AFTER_MS = 45_000;

/** A failed run's error: a catalog key, said where the run is shown (components/ui/stored-text.tsx). */
export const DIED_MESSAGE = "events.reconciliation.errors.died";

/** Serialises the claims of one clinic's runs across processes for the transaction's length. */
export async function lockClinicRuns(tx: DbTx, clinicId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('reconcile:' || ${clinicId}))`;
}

export type Claim = "claimed" | "busy" | "gone";

/**
 * Takes run `runId` for the job `jobId`: "claimed" (now running, heartbeat fresh), "busy" (another
 * run of the clinic is alive: try again later) or "gone" (finished, failed or already taken; a
 * retry of the job that failed it may take it again).
 */
export async function claimRun(db: Db, clinicId: string, runId: string, jobId: string): Promise<Claim> {
  return db.$transaction(async (tx) => {
    await lockClinicRuns(tx, clinicId);
    const alive = await tx.reconciliationRun.findFirst({
      where: { clinicId, status: "running", heartbeatAt: { gte: new Date(Date.now() - STALE_AFTER_MS) } },
      select: { id: true },
    });
    if (alive) return alive.id === runId ? "gone" : "busy";
    const { count } = await tx.reconciliationRun.updateMany({
      where: { id: runId, OR: [{ status: "queued" }, { status: "failed", jobId }] },
      data: { status: "running", jobId, heartbeatAt: new Date(), startedAt: new Date(), finishedAt: null, error: null },
    });
    return count === 1 ? "claimed" : "gone";
  });
}

/** Beats every HEARTBEAT_MS while the run lasts; returns the function that stops it. */
export function startHeartbeat(db: Db, runId: string): () => void {
  const timer = setInterval(() => {
    db.reconciliationRun
      .updateMany({ where: { id: runId, status: "running" }, data: { heartbeatAt: new Date() } })
      .catch((error: unknown) => log.error("reconcile: heartbeat failed", { runId, err: error }));
  }, HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

export interface Recovery {
  /** Runs whose process died, now failed (with DIED_MESSAGE). */
  failed: Array<{ id: string; clinicId: string; trigger: "manual" | "schedule" }>;
  /** Queued runs whose job was lost or belonged to a dead process, sent again. */
  resent: string[];
}

/**
 * Fails the runs whose heartbeat stopped and sends again the queued runs no live job will pick up.
 * Safe in every process at once: each row changes once (a conditional UPDATE), and a run claimed
 * twice is refused by claimRun. `resend` sends a run's job and returns its id.
 */
export async function recoverRuns(
  db: Db,
  boss: Pick<PgBoss, "getJobById">,
  queue: string,
  resend: (run: { id: string; clinicId: string }) => Promise<string | null>,
): Promise<Recovery> {
  const stale = new Date(Date.now() - STALE_AFTER_MS);
  const failed = await db.$queryRaw<Recovery["failed"]>`
    UPDATE reconciliation_runs
       SET status = 'failed', finished_at = now(), error = ${DIED_MESSAGE}, job_id = NULL
     WHERE status = 'running' AND COALESCE(heartbeat_at, started_at, requested_at) < ${stale}
     RETURNING id, clinic_id AS "clinicId", trigger::text AS trigger`;

  const resent: string[] = [];
  const unclaimed = new Date(Date.now() - UNCLAIMED_AFTER_MS);
  const queued = await db.reconciliationRun.findMany({
    where: { status: "queued", requestedAt: { lt: unclaimed } },
    select: { id: true, clinicId: true, jobId: true },
  });
  for (const run of queued) {
    const job = run.jobId ? await boss.getJobById(queue, run.jobId) : null;
    const waiting = job && (job.state === "created" || job.state === "retry");
    const running = job && job.state === "active" && job.startedOn && job.startedOn.getTime() >= unclaimed.getTime();
    if (waiting || running) continue;
    const jobId = await resend(run);
    if (jobId) {
      await db.reconciliationRun.updateMany({ where: { id: run.id, status: "queued" }, data: { jobId } });
      resent.push(run.id);
    }
  }
  return { failed, resent };
}
