// Every job handler of a boss, wrapped once where the boss is made (lib/queue/boss.ts): its lines carry
// the queue, the job's id and its clinic (lib/log/context.ts), a failure leaves one line (pg-boss
// retries it and would otherwise say nothing), and its duration and outcome are counted
// (lib/metrics). The handlers themselves stay as they are.
import type PgBoss from "pg-boss";
import { withLogContext } from "@/lib/log/context";
import { log } from "@/lib/log/logger";
import { metrics, metricsEnabled } from "@/lib/metrics/registry";

type Handler = (jobs: PgBoss.Job<unknown>[]) => Promise<unknown>;

function clinicOf(data: unknown): string | undefined {
  const clinicId = (data as { clinicId?: unknown } | null)?.clinicId;
  return typeof clinicId === "string" ? clinicId : undefined;
}

export function observed(queue: string, handler: Handler): Handler {
  return (jobs) => {
    const first = jobs[0];
    const fields = { job: queue, jobId: first?.id, clinicId: clinicOf(first?.data) };
    return withLogContext(fields, async () => {
      const started = performance.now();
      const done = (outcome: "succeeded" | "failed") => {
        if (metricsEnabled()) metrics().jobs.observe({ queue, outcome }, (performance.now() - started) / 1000);
      };
      try {
        const result = await handler(jobs);
        done("succeeded");
        return result;
      } catch (error) {
        done("failed");
        log.error("jobs: a job failed (pg-boss retries it while it has retries)", { err: error });
        throw error;
      }
    });
  };
}

/** Makes every boss.work(name, [options,] handler) on `boss` run its handler through observed(). */
export function observeWork(boss: PgBoss): void {
  const work = boss.work.bind(boss) as (...args: unknown[]) => Promise<string>;
  (boss as unknown as { work: (...args: unknown[]) => Promise<string> }).work = (...args: unknown[]) => {
    const last = args.length - 1;
    const handler = args[last];
    if (typeof handler === "function") args[last] = observed(String(args[0]), handler as Handler);
    return work(...args);
  };
}
