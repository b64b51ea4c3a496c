// The summary of `npm test` names the failed tests: read here from real reports, written by vitest and
// Playwright themselves on a few small tests (one passes, one fails, one file fails before its tests).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { repoPath } from "@/tooling/devstack/processes";
import { readPlaywrightCounts, readPlaywrightFailures, readVitestFailures } from "@/tooling/devstack/test-counts";

// Under the repository, so the tests find its vitest and Playwright; .data/ is outside every run.
const dir = repoPath(".data", `test-counts-${process.pid}`);

beforeAll(() => {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, "sums.check.ts"),
    `import { describe, expect, it } from "vitest";
describe("sums", () => {
  it("adds", () => expect(1 + 1).toBe(2));
  it("carries", () => expect(9 + 1).toBe(11));
});
`,
  );
  fs.writeFileSync(
    path.join(dir, "setup.check.ts"),
    `import { beforeAll, it } from "vitest";
beforeAll(() => { throw new Error("the database is not there"); });
it("reads", () => {});
`,
  );
  fs.writeFileSync(
    path.join(dir, "vitest.config.mts"),
    `export default { test: { include: ["*.check.ts"], root: ${JSON.stringify(dir)} } };\n`,
  );
  fs.writeFileSync(
    path.join(dir, "pages.spec.ts"),
    `import { expect, test } from "@playwright/test";
test("opens", () => expect(true).toBe(true));
test("shows the name", () => expect("Ada").toBe("Grace"));
`,
  );
  fs.writeFileSync(path.join(dir, "playwright.config.mts"), `export default { testDir: ".", retries: 0 };\n`);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function runNode(args: string[], env: Record<string, string> = {}): void {
  const result = spawnSync(process.execPath, args, { cwd: dir, env: { ...process.env, ...env }, encoding: "utf8" });
  expect(result.status, result.stderr).toBe(1); // a run with failures
}

test("a vitest run's failed tests are named by file and title, with the failure's first line", () => {
  const json = path.join(dir, "vitest.json");
  runNode([
    repoPath("node_modules/vitest/vitest.mjs"),
    "run",
    "--config",
    path.join(dir, "vitest.config.mts"),
    "--reporter=json",
    `--outputFile.json=${json}`,
  ]);
  const failures = readVitestFailures(json, repoPath());
  const where = path.relative(repoPath(), dir);
  expect(failures).toHaveLength(2);
  expect(failures).toContainEqual(
    expect.stringMatching(new RegExp(`^${where}/sums\\.check\\.ts › sums carries: .*11`)),
  );
  expect(failures).toContainEqual(`${where}/setup.check.ts › (the file): the database is not there`);
});

test("a Playwright run's failed tests are named by file, line and title", () => {
  const json = path.join(dir, "playwright.json");
  runNode(
    [
      repoPath("node_modules/@playwright/test/cli.js"),
      "test",
      "--config",
      path.join(dir, "playwright.config.mts"),
      "--reporter=json",
    ],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: json },
  );
  expect(readPlaywrightCounts(json)).toEqual({ passed: 1, failed: 1, skipped: 0 });
  const where = path.relative(repoPath(), dir);
  expect(readPlaywrightFailures(json, repoPath())).toEqual([
    expect.stringMatching(
      new RegExp(`^${where}/pages\\.spec\\.ts:3 › shows the name: Error: expect\\(received\\)\\.toBe\\(expected\\)`),
    ),
  ]);
});

test("a missing or unreadable report names nothing (the stage's counts say it failed)", () => {
  expect(readVitestFailures(path.join(dir, "none.json"), repoPath())).toEqual([]);
  expect(readPlaywrightFailures(path.join(dir, "none.json"), repoPath())).toEqual([]);
});
