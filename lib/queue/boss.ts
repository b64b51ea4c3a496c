// One pg-boss per process, started on first use (a route that only sends jobs and the worker share
// it). pg-boss keeps its tables in the `pgboss` schema of the app's database and migrates them itself
// under an advisory lock, so several processes may start at once. Not the job handlers (worker.ts).
import "server-only";
import PgBoss from "pg-boss";
import { requireDatabaseUrl } from "@/lib/db/url";
import { ensureQueues } from "@/lib/queue/queues";
import { log } from "@/lib/log/logger";
import { observeWork } from "@/lib/queue/observed-work";

const globalForBoss = globalThis as unknown as { clinicConnectBoss?: Promise<PgBoss> };

/** A started boss on `connectionString` with the app's queues (tests make their own with this). */
export async function createBoss(
  connectionString: string,
  options: Partial<PgBoss.ConstructorOptions> = {},
): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString, max: 4, application_name: "clinic-connect-jobs", ...options });
  // pg-boss emits connection, maintenance and workers' fetch errors as events; unhandled they would
  // crash the process, and unlogged a worker that cannot fetch (a unique index refusing the move to
  // active, say) stalls its queue in silence.
  boss.on("error", (error) => log.error(describeQueueError(error)));
  observeWork(boss);
  await boss.start();
  await ensureQueues(boss);
  return boss;
}

/** This process's boss if one was made (shutdown stops it), without making one. */
export function existingBoss(): Promise<PgBoss> | undefined {
  return globalForBoss.clinicConnectBoss;
}

export function getBoss(): Promise<PgBoss> {
  globalForBoss.clinicConnectBoss ??= createBoss(requireDatabaseUrl()).catch((error: unknown) => {
    // A failed start is not cached: the next caller tries again.
    globalForBoss.clinicConnectBoss = undefined;
    throw error;
  });
  return globalForBoss.clinicConnectBoss;
}

/** One line: which queue and worker, and PostgreSQL's code, constraint and detail when it was the database. */
export function describeQueueError(error: unknown): string {
  const e = (error ?? {}) as Record<string, unknown>;
  const parts = [
    typeof e.queue === "string" ? `queue ${e.queue}` : "",
    typeof e.worker === "string" ? `worker ${e.worker}` : "",
    typeof e.code === "string" ? `code ${e.code}` : "",
    typeof e.constraint === "string" ? `constraint ${e.constraint}` : "",
    typeof e.detail === "string" ? `detail ${e.detail}` : "",
  ].filter(Boolean);
  const message = typeof e.message === "string" ? e.message : String(error);
  return `jobs: ${message}${parts.length ? ` (${parts.join(", ")})` : ""}`.replace(/\p{Cc}/gu, " ");
}
