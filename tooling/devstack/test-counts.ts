// Reading how many tests passed from the runners' JSON reports, for the one summary of `npm test`.
import fs from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
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

/** How many failed tests the summary names, each with the first line of its failure. */
export const NAMED_FAILURES = 20;

const VitestFailures = z.object({
  testResults: z.array(
    z.object({
      name: z.string(),
      status: z.string(),
      message: z.string().optional(),
      assertionResults: z.array(
        z.object({ fullName: z.string(), status: z.string(), failureMessages: z.array(z.string()).nullish() }),
      ),
    }),
  ),
});

/** The first line of a failure message, without the terminal's colour codes, kept short. */
function firstLine(message: string | undefined): string {
  const line =
    stripVTControlCharacters(message ?? "")
      .trim()
      .split("\n")[0] ?? "";
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

const named = (where: string, title: string, message: string | undefined) => {
  const why = firstLine(message);
  return why ? `${where} › ${title}: ${why}` : `${where} › ${title}`;
};

/**
 * The failed tests of a vitest run, named by file and title with their failure's first line (and a
 * file that failed with no failed test, such as a failing beforeAll), so that a CI log that keeps
 * only its tail still says which test failed. Files are named from `root` (the repository).
 */
export function readVitestFailures(file: string, root: string): string[] {
  const report = VitestFailures.safeParse(readJson(file));
  if (!report.success) return [];
  return report.data.testResults.flatMap((module) => {
    const where = path.relative(root, module.name); // the same on any machine
    const tests = module.assertionResults
      .filter((t) => t.status === "failed")
      .map((t) => named(where, t.fullName, t.failureMessages?.[0]));
    if (tests.length === 0 && module.status === "failed") return [named(where, "(the file)", module.message)];
    return tests;
  });
}

interface PlaywrightSuite {
  suites?: PlaywrightSuite[];
  specs?: Array<{
    title: string;
    file: string;
    line: number;
    ok: boolean;
    tests: Array<{ results: Array<{ error?: { message?: string } }> }>;
  }>;
}
const PlaywrightSuiteSchema: z.ZodType<PlaywrightSuite> = z.lazy(() =>
  z.object({
    suites: z.array(PlaywrightSuiteSchema).optional(),
    specs: z
      .array(
        z.object({
          title: z.string(),
          file: z.string(),
          line: z.number(),
          ok: z.boolean(),
          tests: z.array(
            z.object({
              results: z.array(z.object({ error: z.object({ message: z.string().optional() }).optional() })),
            }),
          ),
        }),
      )
      .optional(),
  }),
);
const PlaywrightFailures = z.object({
  config: z.object({ rootDir: z.string() }),
  suites: z.array(PlaywrightSuiteSchema),
});

/**
 * The failed end-to-end tests, named by file (from `root`, the repository), line and title with their
 * last try's first error line.
 */
export function readPlaywrightFailures(file: string, root: string): string[] {
  const report = PlaywrightFailures.safeParse(readJson(file));
  if (!report.success) return [];
  const testDir = path.relative(root, report.data.config.rootDir);
  const failed: string[] = [];
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      if (spec.ok) continue;
      const results = spec.tests.flatMap((t) => t.results);
      const where = `${path.join(testDir, spec.file)}:${spec.line}`;
      failed.push(named(where, spec.title, results.at(-1)?.error?.message));
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.data.suites) walk(suite);
  return failed;
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
