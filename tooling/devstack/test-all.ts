// `npm test`: every check, in order, with one summary at the end. Typecheck, lint, the format check
// (Prettier), the migration
// check, unit and integration tests (vitest, against PostgreSQL), a production build, the release
// (the build's release/ folder installed and run on its own: tooling/release), and the end-to-end
// tests (Playwright in Debian's chromium). A failed stage does not hide the others, except that the
// release and end-to-end tests need a build. Exits non-zero when anything failed.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { PRISMA_ENV, generatePrismaClient } from "@/tooling/devstack/build";
import { repoPath } from "@/tooling/devstack/processes";
import {
  NAMED_FAILURES,
  readPlaywrightCounts,
  readPlaywrightFailures,
  readVitestCounts,
  readVitestFailures,
  readVitestRunEnd,
  type Counts,
} from "@/tooling/devstack/test-counts";
import { RUN_END_FILE } from "@/tooling/testing/run-end-reporter";
import { E2E_ENV } from "@/tooling/testing/e2e-stacks";

interface StageResult {
  name: string;
  ok: boolean;
  seconds: number;
  counts?: Counts;
  skipped?: string;
  /** Why a stage failed when no test did (a vitest run's unhandled errors). */
  why?: string[];
  /** The failed tests, by name, with the first line of each failure. */
  failures?: string[];
}

const resultsDir = repoPath(".data/test-results");
const only = process.env.TEST_STAGES?.split(",").map((s) => s.trim());

function run(name: string, args: string[], env: Record<string, string> = {}): StageResult {
  if (only && !only.includes(name)) return { name, ok: true, seconds: 0, skipped: "not in TEST_STAGES" };
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const result = spawnSync(process.execPath, args, {
    cwd: repoPath(),
    stdio: "inherit",
    env: { ...process.env, ...PRISMA_ENV, NEXT_TELEMETRY_DISABLED: "1", ...env },
  });
  return { name, ok: result.status === 0, seconds: (Date.now() - started) / 1000 };
}

/** A vitest run reporting to the terminal and, for the summary's counts, to `json`. */
function vitestRun(json: string): string[] {
  return [
    repoPath("node_modules/vitest/vitest.mjs"),
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${json}`,
  ];
}

function main(): void {
  fs.rmSync(resultsDir, { recursive: true, force: true });
  fs.mkdirSync(resultsDir, { recursive: true });
  generatePrismaClient();
  // With DATABASE_URL, tests create (and drop) their own databases on that server; without it,
  // each test file gets an embedded in-memory PostgreSQL.
  const dbEnv: Record<string, string> = process.env.DATABASE_URL ? { TEST_PG_ADMIN_URL: process.env.DATABASE_URL } : {};
  const stages: StageResult[] = [];
  stages.push(run("typecheck", [repoPath("node_modules/typescript/bin/tsc"), "--noEmit", "--incremental", "false"]));
  stages.push(run("lint", [repoPath("node_modules/eslint/bin/eslint.js"), "--max-warnings", "0", "."]));
  stages.push(
    run("format", [repoPath("node_modules/prettier/bin/prettier.cjs"), "--check", "--log-level", "warn", "."]),
  );
  stages.push(run("migrations", ["--import", "tsx", repoPath("tooling/migrate/cli.ts"), "check"]));

  const vitestJson = `${resultsDir}/vitest.json`;
  const unit = run(
    "unit+integration",
    [...vitestRun(vitestJson), `--reporter=${repoPath("tooling/testing/run-end-reporter.ts")}`],
    dbEnv,
  );
  unit.counts = readVitestCounts(vitestJson);
  unit.failures = readVitestFailures(vitestJson, repoPath());
  if (!unit.ok) unit.why = readVitestRunEnd(repoPath(RUN_END_FILE));
  stages.push(unit);

  const build = run("build", ["--import", "tsx", repoPath("tooling/devstack/build-cli.ts")], E2E_ENV);
  stages.push(build);
  const playwrightJson = `${resultsDir}/playwright.json`;
  if (build.ok) {
    const releaseJson = `${resultsDir}/release.json`;
    const release = run(
      "release",
      [...vitestRun(releaseJson), "--config", repoPath("tooling/release/vitest.config.ts")],
      dbEnv,
    );
    release.counts = readVitestCounts(releaseJson);
    release.failures = readVitestFailures(releaseJson, repoPath());
    stages.push(release);
    const e2e = run(
      "e2e",
      [repoPath("node_modules/@playwright/test/cli.js"), "test", "--config", repoPath("e2e/playwright.config.ts")],
      {
        ...dbEnv,
        ...E2E_ENV,
        PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
      },
    );
    e2e.counts = readPlaywrightCounts(playwrightJson);
    e2e.failures = readPlaywrightFailures(playwrightJson, repoPath());
    stages.push(e2e);
  } else {
    stages.push({ name: "release", ok: false, seconds: 0, skipped: "the build failed" });
    stages.push({ name: "e2e", ok: false, seconds: 0, skipped: "the build failed" });
  }
  summarize(stages);
}

function summarize(stages: StageResult[]): void {
  console.log("\n━━ summary ━━");
  for (const stage of stages) {
    const status = stage.skipped ? (stage.ok ? "skip" : "FAIL") : stage.ok ? "ok  " : "FAIL";
    const detail =
      stage.skipped ??
      (stage.counts
        ? `${stage.counts.passed} passed, ${stage.counts.failed} failed, ${stage.counts.skipped} skipped`
        : "");
    console.log(`${status}  ${stage.name.padEnd(18)} ${stage.seconds.toFixed(1).padStart(6)} s  ${detail}`);
    const failures = stage.failures ?? [];
    for (const line of failures.slice(0, NAMED_FAILURES)) console.log(`      ✗ ${line}`);
    if (failures.length > NAMED_FAILURES) console.log(`      … and ${failures.length - NAMED_FAILURES} more`);
    for (const line of stage.why ?? []) console.log(`      ${line}`);
  }
  const passed = stages.reduce((n, s) => n + (s.skipped ? 0 : (s.counts?.passed ?? (s.ok ? 1 : 0))), 0);
  const failed = stages.reduce((n, s) => n + stageFailures(s), 0);
  const skipped = stages.reduce((n, s) => n + (s.counts?.skipped ?? 0), 0);
  console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(failed === 0 ? 0 : 1);
}

/** A stage's failed tests; a stage that failed without a failed test (a crash, a skipped e2e) counts as one. */
function stageFailures(stage: StageResult): number {
  if (stage.ok) return 0;
  return Math.max(stage.counts?.failed ?? 0, 1);
}

main();
