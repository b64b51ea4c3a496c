// `npm run bench [-- <id> …]`: the benchmarks, each in its own process, one after the other (they
// share two cores, so never at once). Prints every figure as a ratio against the baseline measured
// in the same run, with the command that reproduces it, and rewrites BENCHMARKS.md from the latest
// result of each benchmark. `--latency=<ms>` puts the platform that far away for the benchmarks that
// measure at a distance (pages, reconcile; 150 ms by default); `--section=<part>` runs one part of a
// benchmark that has parts (pages: main or big). Database: DATABASE_URL's server when set, else the PostgreSQL at
// 127.0.0.1:5432 if it answers, else an embedded PGlite per benchmark; scratch databases are dropped.
// Not part of `npm test`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { repoPath } from "@/tooling/devstack/processes";
import { BenchResultSchema, type BenchResult } from "@/tooling/bench/result";
import { formatResult, writeBenchmarksMd } from "@/tooling/bench/report";

const ALL = ["ingest", "timeline", "reconcile", "refresh", "pages", "fairness"];
const LOCAL_SERVER = "postgresql://postgres@127.0.0.1:5432/postgres";
const resultsDir = repoPath(".data/bench");

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function databaseEnv(): Promise<{ env: Record<string, string>; label: string }> {
  if (process.env.DATABASE_URL)
    return {
      env: { TEST_PG_ADMIN_URL: process.env.DATABASE_URL },
      label: "the PostgreSQL server of DATABASE_URL (scratch databases)",
    };
  if (await reachable(LOCAL_SERVER))
    return { env: { TEST_PG_ADMIN_URL: LOCAL_SERVER }, label: "PostgreSQL at 127.0.0.1:5432 (scratch databases)" };
  return { env: {}, label: "embedded PGlite (no PostgreSQL server reachable)" };
}

/** `--name=value` options of the command line, as the children's environment. */
function optionsEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const arg of process.argv.slice(2).filter((a) => a.startsWith("--"))) {
    const [name, value = ""] = arg.slice(2).split("=", 2);
    if (name === "latency") env.BENCH_LATENCY_MS = value;
    else if (name === "section") env.BENCH_SECTION = value;
    else
      throw new Error(
        `unknown option ${arg}; use --latency=<ms> (the platform's distance, 150 by default) or --section=<part>`,
      );
  }
  return env;
}

async function main(): Promise<void> {
  const ids = process.argv.slice(2).filter((a) => !a.startsWith("-"));
  const options = optionsEnv();
  const known = ALL;
  const unknown = ids.filter((id) => !known.includes(id));
  if (unknown.length) throw new Error(`unknown benchmark ${unknown.join(", ")}; choose from ${known.join(", ")}`);
  const selected = ids.length ? ids : ALL;
  fs.mkdirSync(resultsDir, { recursive: true });
  const { env, label } = await databaseEnv();
  console.log(`Benchmarks: ${selected.join(", ")} — database: ${label}`);

  let crashed = 0;
  for (const id of selected) {
    console.log(`\n━━ ${id} ━━`);
    // A part of a benchmark (--section) keeps its own result file, beside the whole one's.
    const out = path.join(resultsDir, options.BENCH_SECTION ? `${id}.${options.BENCH_SECTION}.json` : `${id}.json`);
    fs.rmSync(out, { force: true });
    const run = spawnSync(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", repoPath("tooling/bench/child.ts"), id, out],
      {
        cwd: repoPath(),
        stdio: "inherit",
        env: { ...process.env, ...env, ...options, NEXT_TELEMETRY_DISABLED: "1" },
        // The fairness benchmark seeds 300,000 events and runs two timed phases: longer than the rest.
        timeout: (id === "fairness" ? 15 : 6) * 60_000,
      },
    );
    if (run.status !== 0 || !fs.existsSync(out)) {
      crashed += 1;
      console.error(`${id}: did not finish (exit ${run.status ?? run.signal})`);
      continue;
    }
    const results = BenchResultSchema.array().parse(JSON.parse(fs.readFileSync(out, "utf8")));
    for (const result of results) console.log(formatResult(result));
  }

  const latest: Array<BenchResult & { ranAt: string }> = [];
  const files = fs.readdirSync(resultsDir).sort();
  for (const file of ALL.flatMap((id) =>
    files
      .filter((f) => f === `${id}.json` || (f.startsWith(`${id}.`) && f.endsWith(".json")))
      .map((f) => path.join(resultsDir, f)),
  )) {
    const ranAt = fs.statSync(file).mtime.toISOString();
    for (const r of BenchResultSchema.array().parse(JSON.parse(fs.readFileSync(file, "utf8"))))
      latest.push({ ...r, ranAt });
  }
  writeBenchmarksMd(repoPath("BENCHMARKS.md"), latest, label, ALL);
  console.log(`\nWrote BENCHMARKS.md (${latest.length} results).`);
  process.exit(crashed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
