// `npm run bench [-- <id> …]`: the benchmarks, each in its own process, one after the other (they
// share two cores, so never at once). Prints every figure as a ratio against the baseline measured
// in the same run, with the command that reproduces it, and rewrites BENCHMARKS.md from the latest
// result of each benchmark. `--latency=<ms>` puts the platform that far away for the benchmarks that
// measure at a distance (pages, reconcile; 150 ms by default); `--section=<part>` runs one part of a
// benchmark that has parts (pages: main or big); `--pages=<part,…>` measures only the phone benchmark's pages whose
// role, label or path contains one of the parts (a partial run: printed, kept apart, not in BENCHMARKS.md). Database: DATABASE_URL's server when set, else the PostgreSQL at
// 127.0.0.1:5432 if it answers, else an embedded PGlite per benchmark; scratch databases are dropped.
// A benchmark that does not finish (stopped at its time limit, or failed) still has its section in
// BENCHMARKS.md, saying why in place of its figures. BENCH_SKIP_BUILD=1 uses the app's build as it is;
// FREE_PORTS=<first>-<last> keeps the servers the benchmarks start to those ports. Not part of `npm test`.
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { ensurePrismaClient } from "@/tooling/devstack/build";
import { repoPath } from "@/tooling/devstack/processes";
import { machineLoad } from "@/tooling/bench/measured";
import { BenchResultSchema, unfinishedResult, type BenchResult } from "@/tooling/bench/result";
import { formatResult, writeBenchmarksMd } from "@/tooling/bench/report";

const ALL = ["ingest", "timeline", "reconcile", "refresh", "pages", "fairness", "phone"];
const LOCAL_SERVER = "postgresql://postgres@127.0.0.1:5432/postgres";
const resultsDir = repoPath(".data/bench");
/**
 * Minutes a benchmark may run before it is stopped: room for a busy machine, where the same work
 * takes several times as long; the limit only ends one that hangs. The fairness benchmark seeds
 * 300,000 events and runs several timed phases, and the phone benchmark runs Lighthouse some seventy
 * times: longer than the rest.
 */
const timeLimitMinutes = (id: string) => (id === "fairness" || id === "phone" ? 45 : 30);

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
    else if (name === "pages") env.BENCH_PAGES = value;
    else
      throw new Error(
        `unknown option ${arg}; use --latency=<ms> (the platform's distance, 150 by default), --section=<part> or --pages=<part,…>`,
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
  // A few pages measured are no figures for the whole table: their result is kept apart and printed only.
  const partial = options.BENCH_PAGES !== undefined;
  if (partial && (selected.length !== 1 || selected[0] !== "phone"))
    throw new Error(
      "--pages=<part,…> picks pages of the phone benchmark: run it alone (`npm run bench -- phone --pages=events`)",
    );
  // The children import the app's modules, which need the generated client (made on install, unless
  // install scripts were skipped).
  ensurePrismaClient();
  fs.mkdirSync(resultsDir, { recursive: true });
  const { env, label } = await databaseEnv();
  console.log(`Benchmarks: ${selected.join(", ")} — database: ${label}`);

  let unfinished = 0;
  for (const id of selected) {
    console.log(`\n━━ ${id} ━━`);
    const started = performance.now();
    const out = partial ? partialResultFile(id) : freshResultFile(id, options.BENCH_SECTION);
    const run = await runChild(id, out, { ...process.env, ...env, ...options, NEXT_TELEMETRY_DISABLED: "1" });
    if (!fs.existsSync(out)) {
      // Stopped, or ended before it could say why itself: the section says so, and what it left goes.
      const why = run.timedOut
        ? `it did not finish within its limit of ${timeLimitMinutes(id)} minutes (${machineLoad()}) and was stopped`
        : `it ended (${run.status ?? run.signal}) before writing a result (${machineLoad()}); its output says why`;
      const seconds = (performance.now() - started) / 1000;
      fs.writeFileSync(out, JSON.stringify([unfinishedResult(id, options.BENCH_SECTION, why, seconds)], null, 2));
    }
    // A benchmark drops its scratch databases itself; one stopped mid-run cannot.
    if (env.TEST_PG_ADMIN_URL) await dropScratchDatabasesOf(run.pid, env.TEST_PG_ADMIN_URL);
    const results = BenchResultSchema.array().parse(JSON.parse(fs.readFileSync(out, "utf8")));
    if (results.some((r) => r.unfinished)) unfinished += 1;
    for (const result of results) console.log(formatResult(result));
  }
  if (partial) {
    console.log(
      `\nA partial run (--pages): its result is in ${path.relative(repoPath(), resultsDir)}/partial/, BENCHMARKS.md is unchanged.`,
    );
    process.exit(unfinished ? 1 : 0);
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
  process.exit(unfinished ? 1 : 0);
}

/**
 * The file this run of a benchmark writes its results to, emptied; a part of a benchmark (--section)
 * has its own. A whole run's results replace its parts' and a part's the whole's: BENCHMARKS.md is
 * written from these files, and would otherwise show an older run's figures beside this one's.
 */
function freshResultFile(id: string, section: string | undefined): string {
  for (const file of fs.readdirSync(resultsDir))
    if (section ? file === `${id}.json` : file.startsWith(`${id}.`) && file.endsWith(".json"))
      fs.rmSync(path.join(resultsDir, file));
  const out = path.join(resultsDir, section ? `${id}.${section}.json` : `${id}.json`);
  fs.rmSync(out, { force: true });
  return out;
}

/** Where a partial run (--pages) writes its result: beside, not among, the results BENCHMARKS.md is written from. */
function partialResultFile(id: string): string {
  const dir = path.join(resultsDir, "partial");
  fs.mkdirSync(dir, { recursive: true });
  const out = path.join(dir, `${id}.json`);
  fs.rmSync(out, { force: true });
  return out;
}

/**
 * One benchmark in a process of its own, leading a process group: the app servers, sandboxes and
 * chromium it starts are stopped with it at its time limit (or on Ctrl-C), and none outlives it.
 */
async function runChild(
  id: string,
  out: string,
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; signal: string | null; timedOut: boolean; pid: number }> {
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", repoPath("tooling/bench/child.ts"), id, out],
    { cwd: repoPath(), stdio: "inherit", env, detached: true },
  );
  const pid = child.pid ?? 0;
  const stopGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // the group has ended
    }
  };
  let timedOut = false;
  const limit = setTimeout(
    () => {
      timedOut = true;
      stopGroup("SIGTERM");
      setTimeout(() => stopGroup("SIGKILL"), 10_000).unref();
    },
    timeLimitMinutes(id) * 60_000,
  );
  const interrupted = () => {
    stopGroup("SIGTERM");
    process.exit(130);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, interrupted);
  const [status, signal] = (await once(child, "exit")) as [number | null, string | null];
  clearTimeout(limit);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.off(signal, interrupted);
  stopGroup("SIGKILL"); // whatever it started and left behind
  return { status, signal, timedOut, pid };
}

/** The scratch databases a stopped benchmark made (tooling/testing/database.ts names them by its pid). */
async function dropScratchDatabasesOf(pid: number, adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname ~ $1", [
      `^cc_[a-z0-9_]+_${pid}_[a-z0-9]+_[a-z0-9]+$`,
    ]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } catch (error) {
    console.error(`the scratch databases of process ${pid} were not dropped: ${String(error)}`);
  } finally {
    await client.end().catch(() => {});
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
