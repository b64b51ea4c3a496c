// Writes a run's progress as it goes, so the admin page can draw a bar. Steps are the six event
// lists and the delivery log; pages are those of the step under way (the total is known after the
// first page of each step).
import "server-only";
import type { Db } from "@/lib/db";

export interface RunCounters {
  stepsDone: number;
  pagesDone: number;
  pagesTotal: number;
  fetched: number;
  inserted: number;
}

export function newCounters(): RunCounters {
  return { stepsDone: 0, pagesDone: 0, pagesTotal: 0, fetched: 0, inserted: 0 };
}

export async function saveProgress(db: Db, runId: string, c: RunCounters): Promise<void> {
  await db.reconciliationRun.update({ where: { id: runId }, data: { ...c } });
}

/** 0..1 for a progress bar: whole steps plus the fraction of pages of the current step. */
export function progressOf(run: {
  status: string;
  stepsDone: number;
  stepsTotal: number;
  pagesDone: number;
  pagesTotal: number;
}): number {
  if (run.status === "succeeded") return 1;
  if (run.stepsTotal === 0) return 0;
  const within = run.pagesTotal > 0 ? Math.min(run.pagesDone / run.pagesTotal, 1) : 0;
  return Math.min((run.stepsDone + within) / run.stepsTotal, 1);
}
