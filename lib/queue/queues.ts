// The job queues of the app, on PostgreSQL through pg-boss. Names only use [a-z-] (pg-boss's rule).
// Reconciliation runs on a standard queue: which run of a clinic runs is decided by its row
// (lib/events/reconcile/lease.ts), because a stately queue keyed by clinic let one clinic's job,
// left active by a dead process, block every clinic's fetch (the stately unique index) until it
// expired. Cron schedules are stored in the database and fire once across processes.
import "server-only";
import type PgBoss from "pg-boss";

export const QUEUES = {
  /** Projections of newly stored events (data: { eventIds }). */
  processEvents: "events-process",
  /** Safety net: events stored but never processed (a failed enqueue, a crash). */
  sweep: "events-sweep",
  /** Deletes events older than the retention period. */
  retention: "events-retention",
  /** Fans out one reconciliation per connected clinic. */
  reconcileAll: "reconcile-all",
  /** One clinic's reconciliation (data: { clinicId, runId }); a standard queue (see above). */
  reconcileClinic: "reconcile-run",
  /** Seals stored secrets again with the current key after a key rotation (lib/auth/reseal.ts). */
  reseal: "secrets-reseal",
  /** Fans out one alert check per clinic (lib/alerts). */
  alertsCheckAll: "alerts-check-all",
  /** One clinic's alert check (data: { clinicId }). */
  alertsCheckClinic: "alerts-check-clinic",
  /** One clinic's people read again from the platform (data: { clinicId }; lib/auth/people-refresh.ts). */
  peopleRefresh: "people-refresh",
  /** One clinic's due patient name lookups (data: { clinicId }; lib/people/lookups.ts). */
  patientNames: "patient-names",
  /** Deletes audit entries older than their retention period (lib/audit/retention.ts). */
  auditRetention: "audit-retention",
  /** Writes each clinic's audit head down outside its chain (lib/audit/anchor.ts). */
  auditAnchor: "audit-anchor",
} as const;

const QUEUE_OPTIONS: Record<string, Omit<PgBoss.Queue, "name">> = {
  [QUEUES.processEvents]: { policy: "standard", retryLimit: 5, retryDelay: 5, retryBackoff: true },
  [QUEUES.sweep]: { policy: "stately" },
  [QUEUES.retention]: { policy: "stately" },
  [QUEUES.reconcileAll]: { policy: "stately" },
  // A run's liveness is its heartbeat; the job's expiry only bounds a job nobody heartbeats for.
  [QUEUES.reconcileClinic]: { policy: "standard", retryLimit: 2, retryDelay: 30, expireInSeconds: 5 * 60 },
  [QUEUES.reseal]: { policy: "stately" },
  [QUEUES.alertsCheckAll]: { policy: "stately" },
  // Stately per clinic: a dead process's active check holds this queue's fetch until it expires, so
  // the expiry is short (a check is a few queries and at most a few emails).
  [QUEUES.alertsCheckClinic]: { policy: "stately", retryLimit: 1, retryDelay: 60, expireInSeconds: 90 },
  [QUEUES.auditRetention]: { policy: "stately" },
  [QUEUES.auditAnchor]: { policy: "stately" },
  // "short": one job waiting per clinic (singletonKey), however many batches ask; one may run beside
  // it. The rows' claim keeps two runs off the same patient, so no stately lock is needed.
  [QUEUES.patientNames]: { policy: "short", retryLimit: 0, expireInSeconds: 5 * 60 },
  [QUEUES.peopleRefresh]: { policy: "stately", retryLimit: 1, retryDelay: 60, expireInSeconds: 5 * 60 },
};

/** The cron schedules; reconciliation's comes from RECONCILE_CRON (lib/config.ts). */
export function schedules(reconcileCron: string) {
  return [
    { queue: QUEUES.sweep, cron: "* * * * *" },
    { queue: QUEUES.retention, cron: "17 3 * * *" },
    { queue: QUEUES.reseal, cron: "41 3 * * *" },
    { queue: QUEUES.auditRetention, cron: "29 3 * * *" },
    // A tail cut is shown from the newest anchor back: at most this long of a trail goes unwitnessed.
    { queue: QUEUES.auditAnchor, cron: "*/10 * * * *" },
    { queue: QUEUES.reconcileAll, cron: reconcileCron },
  ] as const;
}

/**
 * Creates the queues (idempotent: pg-boss's create_queue does INSERT … ON CONFLICT DO NOTHING) and
 * applies their options to queues an earlier version created.
 */
export async function ensureQueues(boss: PgBoss): Promise<void> {
  // Two processes starting together on one database can deadlock in create_queue (each creates a
  // queue's partition while the other holds a lock it needs); PostgreSQL picks a victim and rolls it
  // back, so the victim simply tries again, after a random pause so the two do not meet again.
  for (let attempt = 1; ; attempt++) {
    try {
      for (const [name, options] of Object.entries(QUEUE_OPTIONS)) {
        await boss.createQueue(name, { name, ...options }).catch(ignoreExists);
        await boss.updateQueue(name, { name, ...options });
      }
      return;
    } catch (error) {
      if (attempt >= 8 || !isDeadlock(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 400 * attempt));
    }
  }
}

function isDeadlock(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "40P01" || (error instanceof Error && /deadlock detected/i.test(error.message));
}

function ignoreExists(error: unknown): void {
  // Two processes starting together may both try to create a queue; the second loses harmlessly.
  if (!(error instanceof Error && /exists|duplicate/i.test(error.message))) throw error;
}
