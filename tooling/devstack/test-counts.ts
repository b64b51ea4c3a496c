// Reading how many tests passed from the runners' JSON reports, for the one summary of `npm test`.
import fs from "node:fs";
import { z } from "zod";

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const VitestReport = z.object({
  numPassedTests: z.number(),
  numFailedTests: z.number(),
  numPendingTests: z.number(),
  numTodoTests: z.number(),
});
const PlaywrightReport = z.object({
  stats: z.object({ expected: z.number(), unexpected: z.number(), skipped: z.number(), flaky: z.number() }),
});

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

export function readVitestCounts(file: string): Counts | undefined {
  const report = VitestReport.safeParse(readJson(file));
  if (!report.success) return undefined;
  const r = report.data;
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
}

export function readPlaywrightCounts(file: string): Counts | undefined {
  const report = PlaywrightReport.safeParse(readJson(file));
  if (!report.success) return undefined;
  const s = report.data.stats;
  return { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped };
}

const RunEndReport = z.object({ reason: z.string(), unhandledErrors: z.array(z.string()) });

/** Why a vitest run failed beyond its failed tests: its unhandled errors, else its end reason. */
export function readVitestRunEnd(file: string): string[] {
  const end = RunEndReport.safeParse(readJson(file));
  if (!end.success) return ["vitest ended without a report (it crashed or was stopped)"];
  const { reason, unhandledErrors } = end.data;
  if (unhandledErrors.length === 0) return [`vitest ended ${reason}`];
  return [`${unhandledErrors.length} unhandled error(s):`, ...unhandledErrors];
}
