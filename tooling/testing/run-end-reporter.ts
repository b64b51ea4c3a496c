// A vitest reporter that writes down why a run ended as it did: its reason and any unhandled
// errors (an error thrown after a test finished, a rejected promise nobody awaited). These fail the
// run without failing a test, and the summary of `npm test` prints them beside the stage's counts,
// so a CI log that keeps only its tail still says what went wrong.
import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

export interface RunEnd {
  reason: string;
  unhandledErrors: string[];
}

/** The first lines of an error, enough to find it: its name, message, origin and top frames. */
export function describeError(error: unknown): string {
  if (!(error instanceof Object)) return String(error);
  const e = error as { name?: unknown; message?: unknown; stack?: unknown; type?: unknown; testPath?: unknown };
  const head = [e.type, e.name, e.message].filter((part) => typeof part === "string" && part).join(": ");
  const where = typeof e.testPath === "string" ? ` (from ${e.testPath})` : "";
  const frames =
    typeof e.stack === "string"
      ? e.stack
          .split("\n")
          .slice(1, 4)
          .map((l) => l.trim())
      : [];
  return [head + where, ...frames].join("\n    ");
}

/** Where the reporter writes; `npm test` reads it from there. */
export const RUN_END_FILE = ".data/test-results/vitest-run-end.json";

export default class RunEndReporter implements Reporter {
  onTestRunEnd(_modules: readonly TestModule[], unhandledErrors: readonly unknown[], reason: string): void {
    const end: RunEnd = { reason, unhandledErrors: unhandledErrors.map(describeError) };
    fs.mkdirSync(path.dirname(RUN_END_FILE), { recursive: true });
    fs.writeFileSync(RUN_END_FILE, JSON.stringify(end, null, 2));
  }
}
