// GET /api/health/ready: may this process take traffic? The database answers, every migration this
// release carries is applied, the job worker runs (unless JOBS_WORKER=off), no webhook write has hung
// for seconds, and the process is not shutting down. Answered within READY_TIMEOUT_MS, else not ready: a load balancer's probe must not
// hang on a stuck database. Which check failed goes to the log, never to the caller.
import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { Sql } from "@/lib/db/pool";
import { oldestIngestWriteMs, processState } from "@/lib/health/process-state";
import { log } from "@/lib/log/logger";

export const READY_TIMEOUT_MS = 2_000;
/** A webhook write under way longer than this: ingest cannot write (the platform waits about 2 s). */
export const INGEST_STUCK_MS = 5_000;

export interface ReadinessDeps {
  sql: Sql;
  /** The migration folders this release carries (prisma/migrations). */
  expectedMigrations: () => string[];
  timeoutMs?: number;
  ingestStuckMs?: number;
}

export type Readiness = { ready: true } | { ready: false; reason: string };

/** The migration folders under the working directory's prisma/migrations (the release ships them). */
export function shippedMigrations(dir = path.join(process.cwd(), "prisma", "migrations")): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

async function check(deps: ReadinessDeps): Promise<Readiness> {
  const state = processState();
  if (state.draining) return { ready: false, reason: "shutting down" };
  if (state.worker === "starting" || state.worker === "failed")
    return { ready: false, reason: `job worker ${state.worker}` };
  const stuck = oldestIngestWriteMs();
  if (stuck > (deps.ingestStuckMs ?? INGEST_STUCK_MS))
    return { ready: false, reason: `a webhook write has waited ${Math.round(stuck / 1000)} s` };
  const { rows } = await deps.sql.query<{ migration_name: string }>(
    "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
  );
  const applied = new Set(rows.map((row) => row.migration_name));
  const missing = deps.expectedMigrations().filter((name) => !applied.has(name));
  if (missing.length > 0) return { ready: false, reason: `migrations not applied: ${missing.join(", ")}` };
  return { ready: true };
}

export async function checkReadiness(deps: ReadinessDeps): Promise<Readiness> {
  const timeoutMs = deps.timeoutMs ?? READY_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Readiness>((resolve) => {
    timer = setTimeout(() => resolve({ ready: false, reason: `no answer within ${timeoutMs} ms` }), timeoutMs);
  });
  const result = await Promise.race([
    check(deps).catch((error: unknown): Readiness => ({
      ready: false,
      reason: `database: ${error instanceof Error ? error.message : typeof error}`,
    })),
    late,
  ]);
  clearTimeout(timer);
  if (!result.ready) log.warn("health: not ready", { reason: result.reason });
  return result;
}
