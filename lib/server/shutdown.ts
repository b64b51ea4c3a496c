// Graceful shutdown on SIGTERM (what an orchestrator or a load balancer's rolling restart sends):
// 1. readiness says 503 at once (lib/health/process-state.ts), so the balancer sends nothing new;
// 2. the server stops accepting connections, closes the idle kept-alive ones, and answers what is in
//    flight with `Connection: close` (a webhook delivery being stored is answered, then the socket ends);
// 3. the job worker stops taking jobs and waits for the ones under way; a job still running at the
//    bound stays in pg-boss's table and is taken again by another process when it expires (the
//    reconciliation lease does the same for a run: lib/events/reconcile/lease.ts);
// 4. what the process added up in memory and writes now and then (the platform-answer drift, merged
//    every 30 seconds) is written, so a restart loses none of it;
// 5. the database pool closes, and the process exits.
// All of it within SHUTDOWN_TIMEOUT_MS (10 s unless set); past it, the remaining connections are cut
// (a sender whose connection was cut got no answer and sends again: nothing is answered twice).
import type http from "node:http";
import { processState } from "@/lib/health/process-state";
import { log } from "@/lib/log/logger";

export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

export function shutdownTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.SHUTDOWN_TIMEOUT_MS);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_SHUTDOWN_TIMEOUT_MS;
}

export interface ShutdownParts {
  server: http.Server;
  /** Stops the job worker, letting current jobs finish for at most `timeoutMs`. */
  stopJobs?: (timeoutMs: number) => Promise<void>;
  /** Writes what is held in memory for the database, before it closes (a failure is logged). */
  flush?: () => Promise<void>;
  /** Closes the database pool. */
  closeDatabase?: () => Promise<void>;
  timeoutMs: number;
}

/** Marks every answer still to go out `Connection: close` once draining (call from the request handler). */
export function closeWhenDraining(res: http.ServerResponse): void {
  if (processState().draining) res.setHeader("connection", "close");
}

/** Resolves when done, whether everything finished or the bound cut it short (then `false`). */
export async function shutDown(parts: ShutdownParts): Promise<boolean> {
  const deadline = Date.now() + parts.timeoutMs;
  const left = () => Math.max(0, deadline - Date.now());
  processState().draining = true;
  log.info("app: shutting down", { timeoutMs: parts.timeoutMs });
  const closed = new Promise<void>((resolve) => parts.server.close(() => resolve()));
  parts.server.closeIdleConnections();
  // An answer sent after close() leaves its kept-alive socket idle: close those as they appear.
  const sweep = setInterval(() => parts.server.closeIdleConnections(), 50);
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), parts.timeoutMs)));
  const work = (async () => {
    await Promise.all([
      closed,
      parts.stopJobs?.(left()).catch((error: unknown) => log.error("jobs: stop failed", { err: error })),
    ]);
    return "done" as const;
  })();
  const outcome = await Promise.race([work, bound]);
  clearInterval(sweep);
  clearTimeout(timer);
  if (outcome === "late") {
    log.warn("app: shutdown bound reached; cutting the connections left", { timeoutMs: parts.timeoutMs });
    parts.server.closeAllConnections();
  }
  await parts.flush?.().catch((error: unknown) => log.warn("app: not written before stopping", { err: error }));
  await parts.closeDatabase?.().catch(() => {});
  log.info("app: stopped", { clean: outcome === "done" });
  return outcome === "done";
}
