// One pg-boss per process, started on first use (a route that only sends jobs and the worker share
// it). pg-boss keeps its tables in the `pgboss` schema of the app's database and migrates them itself
// under an advisory lock, so several processes may start at once. Not the job handlers (worker.ts).
import "server-only";
import PgBoss from "pg-boss";
import { requireDatabaseUrl } from "@/lib/database-url";
import { ensureQueues } from "@/lib/jobs/queues";

const globalForBoss = globalThis as unknown as { clinicConnectBoss?: Promise<PgBoss> };

/** A started boss on `connectionString` with the app's queues (tests make their own with this). */
export async function createBoss(
  connectionString: string,
  options: Partial<PgBoss.ConstructorOptions> = {},
): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString, max: 4, application_name: "clinic-connect-jobs", ...options });
  // pg-boss emits connection and maintenance errors as events; unhandled they would crash the process.
  boss.on("error", (error) => console.error("[jobs]", error.message));
  await boss.start();
  await ensureQueues(boss);
  return boss;
}

export function getBoss(): Promise<PgBoss> {
  globalForBoss.clinicConnectBoss ??= createBoss(requireDatabaseUrl()).catch((error: unknown) => {
    // A failed start is not cached: the next caller tries again.
    globalForBoss.clinicConnectBoss = undefined;
    throw error;
  });
  return globalForBoss.clinicConnectBoss;
}
