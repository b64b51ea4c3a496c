// The job handlers and the cron schedules. Every process that runs the worker registers the same
// handlers; pg-boss hands each job to one of them, and its cron fires each schedule once across
// processes. Dependencies are passed in so tests run this against their own database and sandbox.
import "server-only";
import type PgBoss from "pg-boss";
import type { Keyring } from "@/lib/auth/crypto";
import { resealIfAgreed } from "@/lib/auth/key-agreement";
import type { Db } from "@/lib/db";
import { processClinicBacklog, processEventGroups, processLeftBehind } from "@/lib/events/process";
import { applyRetention } from "@/lib/events/retention";
import { pruneUnreadDeliveries } from "@/lib/webhooks/unread";
import { requestReconciliation } from "@/lib/events/reconcile/request";
import { reconcileClinic } from "@/lib/events/reconcile/run";
import type { FeedForClinic } from "@/lib/events/reconcile/feed";
import {
  enqueueEventProcessing,
  enqueueReconciliation,
  type ProcessEventsJob,
  type ReconcileClinicJob,
} from "@/lib/queue/enqueue";
import { requestPatientLookups } from "@/lib/people/lookups";
import { claimRun, recoverRuns, startHeartbeat, WATCH_EVERY_MS } from "@/lib/events/reconcile/lease";
import { QUEUES, schedules } from "@/lib/queue/queues";
import { registerAlertJobs, requestAlertCheck } from "@/lib/alerts/jobs";
import { registerAuditJobs } from "@/lib/audit/jobs";
import type { PeopleSource } from "@/lib/people/directory";
import { refreshClinicPeople } from "@/lib/auth/people-refresh";
import { lookUpPatientNames, type PatientSource } from "@/lib/people/lookups";
import { log } from "@/lib/log/logger";

export interface WorkerDeps {
  db: Db;
  feedForClinic: FeedForClinic;
  /** Clinics someone has connected (only they can be read from the platform). */
  connectedClinicIds(): Promise<string[]>;
  retentionDays: number;
  /**
   * The process keyring as configured: after a key rotation, stored secrets are sealed again with its
   * current key once every live process holds it (tests that seal nothing leave it out).
   */
  keyring?: Keyring;
  /** The clinic's people lists, read with the connection jobs use (off: the directory is refreshed at sign-in only). */
  peopleForClinic?: (clinicId: string) => Promise<PeopleSource | null>;
  /**
   * One patient read with the connection jobs use, to name patients events name by id alone (off:
   * lookups wait in their table).
   */
  patientsForClinic?: (clinicId: string) => Promise<PatientSource | null>;
  /** Register the cron schedules too (off in tests that drive jobs by hand). */
  schedule?: boolean;
  /** When reconciliation runs (lib/config.ts); needed when the schedules are registered. */
  reconcileCron?: string;
}

export async function startWorkers(boss: PgBoss, deps: WorkerDeps): Promise<void> {
  const { db, patientsForClinic } = deps;
  // Asking is never a reason to fail the processing: the sweep asks again within a minute.
  const askForPatientNames = async () => {
    if (patientsForClinic)
      await requestPatientLookups(boss, db).catch((error: unknown) =>
        log.warn("jobs: patient name lookups not requested", { err: error }),
      );
  };
  // One transaction for a whole fetch of jobs: under a burst of webhooks, jobs of one event each
  // would cost a transaction apiece, taken from the cores that answer the platform.
  await boss.work<ProcessEventsJob>(
    QUEUES.processEvents,
    { batchSize: 20, pollingIntervalSeconds: 1 },
    async (jobs) => {
      await processEventGroups(
        db,
        jobs.map((job) => job.data.eventIds),
      );
      await askForPatientNames();
    },
  );
  await boss.work(QUEUES.sweep, async () => {
    await processLeftBehind(db);
    await askForPatientNames(); // and the lookups whose back-off has passed
  });
  if (patientsForClinic) {
    await boss.work<{ clinicId: string }>(QUEUES.patientNames, { pollingIntervalSeconds: 1 }, async ([job]) => {
      const { clinicId } = job.data;
      await lookUpPatientNames(db, clinicId, await patientsForClinic(clinicId));
    });
  }
  await boss.work(QUEUES.retention, async () => {
    await applyRetention(db, deps.retentionDays);
    await pruneUnreadDeliveries(db);
  });
  const { keyring } = deps;
  if (keyring) {
    await boss.work(QUEUES.reseal, async () => {
      const result = await resealIfAgreed(db, keyring);
      if (result === "waiting")
        log.info("jobs: not sealed again yet: a live app process does not hold the current key");
      else if (result.connections || result.clinicKeys)
        log.info("jobs: sealed again with the current key", { ...result });
    });
  }
  await boss.work(QUEUES.reconcileAll, async () => {
    for (const clinicId of await deps.connectedClinicIds()) await requestReconciliation(db, boss, clinicId, "schedule");
  });
  await boss.work<ReconcileClinicJob>(QUEUES.reconcileClinic, { pollingIntervalSeconds: 1 }, async ([job]) => {
    const { clinicId, runId } = job.data;
    const claim = await claimRun(db, clinicId, runId, job.id);
    if (claim === "gone") return;
    if (claim === "busy") {
      // Another run of this clinic is alive: this one waits its turn (a new job, so no retry is spent).
      const next = await enqueueReconciliation(boss, job.data, BUSY_RETRY_SECONDS);
      await db.reconciliationRun.updateMany({ where: { id: runId, status: "queued" }, data: { jobId: next } });
      return;
    }
    const stopHeartbeat = startHeartbeat(db, runId);
    try {
      const feed = await deps.feedForClinic(clinicId);
      if (!feed) {
        await db.reconciliationRun.update({
          where: { id: runId },
          data: {
            status: "failed",
            finishedAt: new Date(),
            error: "events.reconciliation.errors.noConnection", // said in the reader's language (StoredText)
          },
        });
        return;
      }
      await reconcileClinic(db, feed, clinicId, runId, {
        enqueueProcessing: (ids) => enqueueEventProcessing(boss, ids),
      });
    } finally {
      stopHeartbeat();
    }
    await requestAlertCheck(boss, clinicId); // it may have found events the webhooks missed
    if (deps.peopleForClinic) await boss.send(QUEUES.peopleRefresh, { clinicId }, { singletonKey: clinicId });
  });
  const { peopleForClinic } = deps;
  if (peopleForClinic) {
    await boss.work<{ clinicId: string }>(QUEUES.peopleRefresh, { pollingIntervalSeconds: 5 }, async ([job]) => {
      const source = await peopleForClinic(job.data.clinicId);
      if (source) await refreshClinicPeople(db, source, job.data.clinicId);
    });
  }
  watchRuns(boss, db);
  await registerAlertJobs(boss, { db, feedForClinic: deps.feedForClinic, schedule: deps.schedule !== false });
  await registerAuditJobs(boss, db);
  if (deps.schedule !== false) {
    if (!deps.reconcileCron) throw new Error("startWorkers: the schedules need reconcileCron");
    for (const { queue, cron } of schedules(deps.reconcileCron)) await boss.schedule(queue, cron, {}, { tz: "UTC" });
  }
}

/** How long a run waits when another run of its clinic is under way. */
const BUSY_RETRY_SECONDS = 10;

/**
 * Every worker process looks for runs whose process died, now and every WATCH_EVERY_MS: a dead run
 * is failed visibly and its clinic gets a new run; a queued run whose job was lost is sent again.
 */
function watchRuns(boss: PgBoss, db: Db): void {
  const pass = async () => {
    const { failed, resent } = await recoverRuns(db, boss, QUEUES.reconcileClinic, async (run) =>
      enqueueReconciliation(boss, { clinicId: run.clinicId, runId: run.id }),
    );
    for (const run of failed) {
      log.error("reconcile: a run stopped with its process; starting a new one", {
        runId: run.id,
        clinicId: run.clinicId,
      });
      await processClinicBacklog(db, run.clinicId); // what the dead process had stored but not processed
      await requestReconciliation(db, boss, run.clinicId, run.trigger);
    }
    if (resent.length > 0) log.warn("reconcile: sent again the lost jobs of queued runs", { runs: resent });
  };
  const safely = () =>
    pass().catch((error: unknown) => log.error("reconcile: looking for stopped runs failed", { err: error }));
  void safely();
  const timer = setInterval(() => void safely(), WATCH_EVERY_MS);
  timer.unref();
  boss.once("stopped", () => clearInterval(timer));
}
