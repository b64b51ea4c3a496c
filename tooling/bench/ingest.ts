// Benchmarks 1 and 5: POST /api/webhooks/clinic of the built app (its server, lib/server/main.ts,
// with the job worker on) against a bare node:http receiver doing the same signature check and one
// INSERT with pg, each on its own scratch database, one after the other with the same load: a
// closed-loop throughput run and an open-loop run at 200 deliveries a second. Every acknowledged
// event is then looked up in the database (zero lost). The app's resident memory is sampled from
// /proc during its runs. For the record, the same build under `next start` (where the route handler
// answers) gets the throughput run too: the reason the app server answers webhooks itself.
// Last, what logging and metrics cost: two app processes side by side, one with both on (info-level
// JSON logs, the metrics port scraped every 5 s) and one with both off, given the throughput run in
// turn (ABBA BAAB order, so a machine getting busier or quieter weighs on both alike). And what a
// second process adds: two app processes on one database behind a round-robin balancer, given the
// throughput run through it in front of one of them and in front of both, in the same order.
import { randomBytes } from "node:crypto";
import {
  appServerArgs,
  nextStartArgs,
  repoPath,
  startService,
  waitForHttp,
  type Service,
} from "@/tooling/devstack/processes";
import { signWebhookBody } from "@/lib/webhooks/signature";
import { runLoad, type LoadResult } from "@/tooling/bench/load";
import { benchCommand, figure, type BenchResult, type Figure } from "@/tooling/bench/result";
import { round, summarize } from "@/tooling/bench/stats";
import { residentMiB, sampleResident, sleep, ensureBuiltApp } from "@/tooling/bench/support";
import { createTestDatabase, withClient } from "@/tooling/testing/database";
import { freePort } from "@/tooling/testing/ports";
import { startRoundRobin } from "@/tooling/testing/round-robin";

const SECRET = "bench-webhook-signing-secret";
const CHALLENGE = "bench-webhook-challenge";
const RATE = 200;
const RATE_COUNT = 2400; // 12 s at 200/s
const THROUGHPUT_COUNT = 6000;
const THROUGHPUT_SECONDS = 10;
const CONCURRENCY = 32;

interface TargetRun {
  throughput: LoadResult;
  atRate: LoadResult;
  lost: number;
  refused: number;
}

function delivery(prefix: string) {
  return (i: number) => {
    const id = `evt_${prefix}_${i}`;
    const body = JSON.stringify({
      event: {
        id,
        type: "patient.created",
        clinic_id: "clinic_bench",
        integration_id: "int_bench",
        created_at: new Date().toISOString(),
        data: { patient: { id: `pat_${i}`, first_name: "Ada", last_name: "Lovelace" } },
      },
    });
    return {
      key: id,
      body,
      headers: { "service-signature": signWebhookBody(body, SECRET, Math.floor(Date.now() / 1000)) },
    };
  };
}

const warmUp = (url: string, tag: string) =>
  runLoad({ url, count: 300, maxSeconds: 20, concurrency: 8, request: delivery(`${tag}_warm`) });
const throughputRun = (url: string, tag: string) =>
  runLoad({
    url,
    count: THROUGHPUT_COUNT,
    maxSeconds: THROUGHPUT_SECONDS,
    concurrency: CONCURRENCY,
    request: delivery(`${tag}_tp`),
  });

/** Warm-up, throughput, then the fixed rate; checks every acknowledged event is stored. */
async function loadTarget(url: string, databaseUrl: string, tag: string): Promise<TargetRun> {
  await warmUp(url, tag);
  const throughput = await throughputRun(url, tag);
  await sleep(1000);
  const atRate = await runLoad({
    url,
    count: RATE_COUNT,
    maxSeconds: RATE_COUNT / RATE + 1,
    rate: RATE,
    request: delivery(`${tag}_rate`),
  });
  const acknowledged = [...throughput.acknowledged, ...atRate.acknowledged];
  const stored = await withClient(databaseUrl, async (c) =>
    Number(
      (await c.query<{ n: string }>("SELECT count(*) AS n FROM events WHERE id = ANY($1)", [acknowledged])).rows[0].n,
    ),
  );
  const refused = throughput.sent + atRate.sent - acknowledged.length;
  return { throughput, atRate, lost: acknowledged.length - stored, refused };
}

async function withService<T>(service: Service, url: string, run: () => Promise<T>): Promise<T> {
  try {
    await waitForHttp(url, service.child, 120_000);
    return await run();
  } finally {
    await service.stop();
  }
}

// Prometheus's default scrape interval.
const SCRAPE_EVERY_MS = 15_000;
// ABBA BAAB: each variant as often first as second, early as late.
const OBSERVED_ROUNDS = ["on", "off", "off", "on", "off", "on", "on", "off"] as const;

interface ObservabilityCost {
  /** Mean throughput of each variant, every run, and the median of each pair's ratio (on / off). */
  on: number;
  off: number;
  ratio: number;
  runs: { on: number[]; off: number[] };
  scrapes: number;
}

/** The throughput run on two app processes in turn: logs and metrics on, and both off. */
async function observabilityCost(
  appEnv: (databaseUrl: string, port: number) => Promise<Record<string, string>>,
): Promise<ObservabilityCost> {
  const metricsPort = await freePort();
  // Both without the job worker: after a throughput run a process's worker processes the 6,000 new
  // events for a while, and would slow whichever process runs next (the figure would then measure the
  // order of the runs, not logging). This compares the ingest path alone.
  const variants = {
    on: {
      JOBS_WORKER: "off",
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
      METRICS_PORT: String(metricsPort),
      METRICS_HOST: "127.0.0.1",
    },
    off: { JOBS_WORKER: "off", LOG_LEVEL: "silent", METRICS_PORT: "0" },
  };
  const databases = {
    on: await createTestDatabase("bench_ingest_obs_on", { migrated: true }),
    off: await createTestDatabase("bench_ingest_obs_off", { migrated: true }),
  };
  const services: Service[] = [];
  const runs = { on: [] as number[], off: [] as number[] };
  let scrapes = 0;
  let scraper: NodeJS.Timeout | undefined;
  try {
    const urls = { on: "", off: "" };
    for (const variant of ["on", "off"] as const) {
      const port = await freePort();
      const env = { ...(await appEnv(databases[variant].url, port)), ...variants[variant] };
      const service = startService(`app-${variant}`, appServerArgs(port), env, { quiet: true });
      services.push(service);
      urls[variant] = `http://127.0.0.1:${port}/api/webhooks/clinic`;
      await waitForHttp(urls[variant], service.child, 120_000);
    }
    await sleep(2000); // let start-up settle
    scraper = setInterval(() => {
      void fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
        (response) => response.text().then(() => void (response.ok && scrapes++)),
        () => {},
      );
    }, SCRAPE_EVERY_MS);
    // Warm-up, then one throughput run each that is not counted: the first full run of a fresh
    // process is its slowest (JIT, pools filling), whichever variant it is.
    for (const variant of ["on", "off"] as const) {
      await warmUp(urls[variant], `obs_${variant}`);
      await throughputRun(urls[variant], `obs_${variant}_first`);
    }
    for (const [i, variant] of OBSERVED_ROUNDS.entries()) {
      const run = await throughputRun(urls[variant], `obs_${variant}_${i}`);
      runs[variant].push(run.throughput);
      await sleep(1000);
    }
  } finally {
    clearInterval(scraper);
    await Promise.all(services.map((service) => service.stop()));
    await Promise.all([databases.on.drop(), databases.off.drop()]);
  }
  // Each adjacent pair ran under the same load of the machine (a shared machine's load drifts
  // within minutes); the median of the pairs' ratios leaves that drift out.
  const ratio = medianOf(pairRatios(OBSERVED_ROUNDS, runs, "on"));
  return { on: summarize(runs.on).mean, off: summarize(runs.off).mean, ratio, runs, scrapes };
}

/** `top` ÷ the other for each adjacent pair of rounds (ABBA BAAB: every pair has one of each). */
function pairRatios<V extends string>(rounds: readonly V[], runs: Record<V, number[]>, top: V): number[] {
  const taken = {} as Record<V, number>;
  const ordered = rounds.map((variant) => ({
    variant,
    throughput: runs[variant][(taken[variant] = (taken[variant] ?? -1) + 1)]!,
  }));
  const ratios: number[] = [];
  for (let i = 0; i + 1 < ordered.length; i += 2) {
    const [a, b] = [ordered[i]!, ordered[i + 1]!];
    ratios.push(a.variant === top ? a.throughput / b.throughput : b.throughput / a.throughput);
  }
  return ratios;
}

/** The median of `values`. */
function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

// ABBA BAAB again, for one process against two.
const PROCESS_ROUNDS = ["two", "one", "one", "two", "one", "two", "two", "one"] as const;

interface TwoProcesses {
  one: number;
  two: number;
  ratio: number;
  lost: number;
}

/**
 * The throughput run through a round-robin balancer (tooling/testing/round-robin.ts) in front of one
 * app process, and in front of two on the same database, in turn. Both processes run from start to
 * end, so the runs differ only in where the balancer sends them; without their job workers, so one
 * run's processing does not slow the next.
 */
async function twoProcesses(
  appEnv: (databaseUrl: string, port: number) => Promise<Record<string, string>>,
): Promise<TwoProcesses> {
  const database = await createTestDatabase("bench_ingest_two", { migrated: true });
  const balancer = await startRoundRobin(await freePort());
  const services: Service[] = [];
  const runs = { one: [] as number[], two: [] as number[] };
  const acknowledged: string[] = [];
  try {
    const ports = [await freePort(), await freePort()];
    // One environment for both, as one deployment's processes share their secrets and keys.
    const shared = {
      ...(await appEnv(database.url, ports[0]!)),
      JOBS_WORKER: "off",
      LOG_LEVEL: "silent",
      METRICS_PORT: "0",
    };
    const backends = ports.map((port) => `http://127.0.0.1:${port}`);
    for (const [i, port] of ports.entries()) {
      const service = startService(
        `app-${i}`,
        appServerArgs(port),
        { ...shared, PORT: String(port), NEXTAUTH_URL: backends[i]! },
        { quiet: true },
      );
      services.push(service);
      await waitForHttp(`${backends[i]}/api/webhooks/clinic`, service.child, 120_000);
    }
    await sleep(2000);
    const url = `${balancer.url}/api/webhooks/clinic`;
    const to = { one: backends.slice(0, 1), two: backends };
    // Warm-up and one uncounted run each: a fresh process's first full run is its slowest.
    for (const variant of ["one", "two"] as const) {
      balancer.setBackends(to[variant]);
      await warmUp(url, `procs_${variant}`);
      await throughputRun(url, `procs_${variant}_first`);
    }
    for (const [i, variant] of PROCESS_ROUNDS.entries()) {
      balancer.setBackends(to[variant]);
      const run = await throughputRun(url, `procs_${variant}_${i}`);
      runs[variant].push(run.throughput);
      acknowledged.push(...run.acknowledged);
      await sleep(1000);
    }
    const stored = await withClient(database.url, async (c) =>
      Number(
        (await c.query<{ n: string }>("SELECT count(*) AS n FROM events WHERE id = ANY($1)", [acknowledged])).rows[0].n,
      ),
    );
    return {
      one: summarize(runs.one).mean,
      two: summarize(runs.two).mean,
      ratio: medianOf(pairRatios(PROCESS_ROUNDS, runs, "two")),
      lost: acknowledged.length - stored,
    };
  } finally {
    await balancer.close();
    await Promise.all(services.map((service) => service.stop()));
    await database.drop();
  }
}

export async function benchIngest(): Promise<BenchResult[]> {
  const started = performance.now();
  const env = { CLINIC_WEBHOOK_SECRET: SECRET, CLINIC_WEBHOOK_CHALLENGE: CHALLENGE, NEXT_TELEMETRY_DISABLED: "1" };

  const baseDb = await createTestDatabase("bench_ingest_base", { migrated: true });
  let base: TargetRun;
  try {
    const port = await freePort();
    const server = startService(
      "baseline",
      ["--conditions=react-server", "--import", "tsx", repoPath("tooling/bench/baseline-server.ts")],
      { ...env, DATABASE_URL: baseDb.url, PORT: String(port) },
      { quiet: true },
    );
    const url = `http://127.0.0.1:${port}/api/webhooks/clinic`;
    base = await withService(server, url, () => loadTarget(url, baseDb.url, "base"));
  } finally {
    await baseDb.drop();
  }

  await ensureBuiltApp();
  const appEnv = async (databaseUrl: string, port: number) => ({
    ...env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
    APP_ENCRYPTION_KEY: `bench:${randomBytes(32).toString("base64url")}`,
    // No platform is needed to receive webhooks; nothing listens here.
    CLINIC_API_BASE_URL: `http://127.0.0.1:${await freePort()}`,
  });

  const appDb = await createTestDatabase("bench_ingest_app", { migrated: true });
  let app: TargetRun;
  let idle = Number.NaN;
  let atStart = Number.NaN;
  let underLoad: number[] = [];
  try {
    const port = await freePort();
    const server = startService("app", appServerArgs(port), await appEnv(appDb.url, port), { quiet: true });
    const url = `http://127.0.0.1:${port}/api/webhooks/clinic`;
    const pid = server.child.pid ?? 0;
    app = await withService(server, url, async () => {
      await sleep(2000); // the job worker starts from instrumentation; let it settle
      atStart = residentMiB(pid);
      const sampler = sampleResident(pid);
      const run = await loadTarget(url, appDb.url, "app");
      underLoad = sampler.stop();
      await sleep(3000);
      idle = residentMiB(pid);
      return run;
    });
  } finally {
    await appDb.drop();
  }

  const routeDb = await createTestDatabase("bench_ingest_route", { migrated: true });
  let viaRoute: LoadResult;
  try {
    const port = await freePort();
    const server = startService("next-start", nextStartArgs(port), await appEnv(routeDb.url, port), { quiet: true });
    const url = `http://127.0.0.1:${port}/api/webhooks/clinic`;
    viaRoute = await withService(server, url, async () => {
      await sleep(2000);
      await warmUp(url, "route");
      return throughputRun(url, "route");
    });
  } finally {
    await routeDb.drop();
  }

  const observability = await observabilityCost(appEnv);
  const processes = await twoProcesses(appEnv);

  const seconds = (performance.now() - started) / 1000;
  const lat = { app: summarize(app.atRate.latenciesMs), base: summarize(base.atRate.latenciesMs) };
  const figures: Figure[] = [
    figure({
      name: "throughput (32 in flight)",
      value: round(app.throughput.throughput, 1),
      unit: "req/s",
      baseline: round(base.throughput.throughput, 1),
      ratio: round(app.throughput.throughput / base.throughput.throughput, 3),
      goal: "ratio ≥ 0.85",
      pass: app.throughput.throughput / base.throughput.throughput >= 0.85,
    }),
    figure({
      name: "throughput via Next.js's route handler (`next start`, for comparison)",
      value: round(viaRoute.throughput, 1),
      unit: "req/s",
      baseline: round(base.throughput.throughput, 1),
      ratio: round(viaRoute.throughput / base.throughput.throughput, 3),
    }),
    figure({
      name: "throughput with logs and metrics on, against both off (mean of 4 runs each; ratio: median of the 4 side-by-side pairs)",
      value: round(observability.on, 1),
      unit: "req/s",
      baseline: round(observability.off, 1),
      ratio: round(observability.ratio, 3),
      goal: "ratio ≥ 0.95",
      pass: observability.ratio >= 0.95,
    }),
    figure({
      name: "throughput on two app processes behind a round-robin balancer, against one behind it (one database; mean of 4 runs each; ratio: median of the 4 side-by-side pairs)",
      value: round(processes.two, 1),
      unit: "req/s",
      baseline: round(processes.one, 1),
      ratio: round(processes.ratio, 3),
    }),
    figure({
      name: "acknowledged but not stored on two processes (lost)",
      value: processes.lost,
      unit: "events",
      goal: "0",
      pass: processes.lost === 0,
    }),
    figure({
      name: `p50 at ${RATE}/s`,
      value: round(lat.app.p50),
      unit: "ms",
      baseline: round(lat.base.p50),
      ratio: round(lat.app.p50 / lat.base.p50),
    }),
    figure({
      name: `p99 at ${RATE}/s`,
      value: round(lat.app.p99),
      unit: "ms",
      baseline: round(lat.base.p99),
      ratio: round(lat.app.p99 / lat.base.p99),
      goal: "< 50 ms",
      pass: lat.app.p99 < 50,
    }),
    figure({
      name: `achieved rate (target ${RATE}/s)`,
      value: round(app.atRate.throughput, 1),
      unit: "req/s",
      baseline: round(base.atRate.throughput, 1),
    }),
    figure({
      name: "acknowledged but not stored (lost)",
      value: app.lost,
      unit: "events",
      baseline: base.lost,
      goal: "0",
      pass: app.lost === 0,
    }),
    figure({
      name: "not acknowledged (platform would retry)",
      value: app.refused,
      unit: "requests",
      baseline: base.refused,
      goal: "0",
      pass: app.refused === 0,
    }),
  ];
  const ingest: BenchResult = {
    id: "ingest",
    title: "Webhook ingest: POST /api/webhooks/clinic (the app server) on loopback",
    command: benchCommand("ingest"),
    baseline:
      "a bare node:http server doing the same signature check and one INSERT … ON CONFLICT DO NOTHING with pg (pool of 10, like the app)",
    figures,
    notes: [
      `Load: ${THROUGHPUT_COUNT} deliveries (≤ ${THROUGHPUT_SECONDS} s) with ${CONCURRENCY} in flight, then ${RATE_COUNT} at ${RATE}/s open loop (latency from each request's scheduled start), keep-alive agent, each delivery a new signed event.`,
      "The app stores the event, a receipt and the event's place in the processing backlog, and queues processing jobs (pg-boss, batched), with its job worker running in the same process; the baseline stores only the event.",
      "The app commits in groups (lib/webhooks/delivery-store.ts): deliveries that arrive while its writes are busy go in one statement and one commit, each answered once its row is committed; the baseline commits each delivery alone. That is why the app can pass its baseline under load; at 200/s most deliveries find a write free and go alone.",
      "The app server (lib/server/main.ts) answers webhook deliveries before Next.js's request pipeline and hands every other request to Next.js; the comparison row is the same build under `next start`, where the route handler (app/api/webhooks/clinic) answers.",
      `Logs and metrics: "on" is LOG_LEVEL=info, LOG_FORMAT=json (standard output to /dev/null) and METRICS_PORT on with GET /metrics every ${SCRAPE_EVERY_MS / 1000} s (${observability.scrapes} scrapes); "off" is LOG_LEVEL=silent and METRICS_PORT=0; both with JOBS_WORKER=off, so that one's processing of the events just stored does not slow the other's next run. Runs in turn, ABBA BAAB, after one uncounted run each: on ${observability.runs.on.map((t) => round(t, 1)).join(", ")}; off ${observability.runs.off.map((t) => round(t, 1)).join(", ")} req/s.`,
      `Two processes: both app servers (JOBS_WORKER=off, logs and metrics off) on one scratch database behind the test tooling's round-robin balancer, which sends the run to the first alone or to both, in turn, ABBA BAAB after one uncounted run each. The second process shares the machine's cores and database with the first: it gains only where one process left a core idle, so on a small machine the ratio says what a second process costs or gains there, not on a server of its own.`,
      `App statuses: throughput ${JSON.stringify(app.throughput.statuses)}, rate ${JSON.stringify(app.atRate.statuses)}; errors ${app.throughput.errors + app.atRate.errors}.`,
    ],
    seconds,
  };
  const peak = Math.max(...underLoad);
  const memory: BenchResult = {
    id: "memory",
    title: "Memory: resident set of the app server process under the ingest load",
    command: benchCommand("ingest"),
    baseline: "the same process idle (after start-up and its worker, before any request)",
    figures: [
      figure({
        name: "RSS peak under load",
        value: round(peak, 1),
        unit: "MiB",
        baseline: round(atStart, 1),
        ratio: round(peak / atStart),
      }),
      figure({
        name: "RSS median under load",
        value: round(summarize(underLoad).p50, 1),
        unit: "MiB",
        baseline: round(atStart, 1),
        ratio: round(summarize(underLoad).p50 / atStart),
      }),
      figure({
        name: "RSS 3 s after the load",
        value: round(idle, 1),
        unit: "MiB",
        baseline: round(atStart, 1),
        ratio: round(idle / atStart),
      }),
    ],
    notes: [
      `VmRSS from /proc/<pid>/status of the PID started (node running lib/server/main.ts, no wrapper), sampled every 100 ms (${underLoad.length} samples).`,
    ],
    seconds,
  };
  return [ingest, memory];
}
