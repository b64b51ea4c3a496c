// The release stands alone: what `npm run build` left in release/ is copied to an empty folder, gets
// its production dependencies only (`npm ci --omit=dev`, from the npm cache when it has them),
// migrates a fresh PostgreSQL database with its own migrate.mjs, starts with `npm start`'s production
// counterpart (node .next/app-server.mjs) in an environment holding only the documented variables,
// turns ready, and stores a signed webhook delivery. Its traces go to a small OTLP/HTTP receiver here:
// Next.js's own span of the readiness request arrives with the database query under it, from the built
// server (lib/tracing/tracing.int.test.ts checks the platform calls' spans). Runs in `npm test`'s
// release stage, after the build.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { repoPath } from "@/tooling/devstack/processes";
import { RELEASE_DIR, RELEASE_SCRIPTS } from "@/tooling/release/assemble";
import { createTestDatabase, type TestDatabase } from "@/tooling/testing/database";
import { freePort } from "@/tooling/testing/ports";
import { deliveryBody } from "@/tooling/testing/webhook-delivery";
import { signWebhookBody } from "@/lib/webhooks/signature";

const WEBHOOK_SECRET = "release-test-webhook-secret";
let folder: string;
let database: TestDatabase;
let server: ChildProcess | undefined;
const output: string[] = [];
let receiver: http.Server;
/** The spans the OTLP receiver got (OTLP/HTTP with JSON bodies). */
const spans: { traceId: string; spanId: string; parentSpanId?: string; name: string }[] = [];

beforeAll(async () => {
  const release = repoPath(RELEASE_DIR);
  if (!fs.existsSync(path.join(release, ".next", "BUILD_ID")))
    throw new Error(`${RELEASE_DIR}/ holds no build: run \`npm run build\` first.`);
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-connect-release-"));
  fs.cpSync(release, folder, { recursive: true });
  // The test run's PostgreSQL server when it names one (CI: TEST_PG_ADMIN_URL), else the embedded one.
  database = await createTestDatabase("release");
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as {
        resourceSpans?: { scopeSpans: { spans: (typeof spans)[number][] }[] }[];
      };
      for (const r of body.resourceSpans ?? []) for (const s of r.scopeSpans) spans.push(...s.spans);
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
  await database?.drop();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

/** Only what a production host would set, nothing of this test's or the repo's environment. */
function productionEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: process.env.HOME ?? os.homedir(),
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    ...extra,
  };
}

function runIn(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, { cwd: folder, env, encoding: "utf8", timeout: 240_000 });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

it("installs with production dependencies only, migrates, starts, is ready and stores a signed webhook", async () => {
  // 1. Production dependencies only; no install script runs (none is needed).
  const started = Date.now();
  const install = runIn(
    "npm",
    ["ci", "--omit=dev", "--ignore-scripts", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"],
    productionEnv(),
  );
  expect(install.status, install.out).toBe(0);
  // (prisma and typescript do come: @prisma/client names them as peer dependencies, which npm installs.)
  for (const devOnly of ["tsx", "esbuild", "vitest", "eslint"])
    expect(fs.existsSync(path.join(folder, "node_modules", devOnly)), `${devOnly} is a development dependency`).toBe(
      false,
    );
  expect(fs.existsSync(path.join(folder, "node_modules", "next"))).toBe(true);
  console.log(`release: npm ci --omit=dev took ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // 2. Its own migration tool on a fresh database.
  const migrations = fs.readdirSync(path.join(folder, "prisma", "migrations")).filter((name) => /^\d/.test(name));
  const migrate = runIn(process.execPath, ["migrate.mjs", "deploy"], productionEnv());
  expect(migrate.status, migrate.out).toBe(0);
  expect(migrate.out).toContain(`${migrations.length} migration(s) applied.`);
  const status = runIn(process.execPath, ["migrate.mjs", "status"], productionEnv());
  expect(status.status, status.out).toBe(0);

  // 3. The server, as the release's package.json starts it.
  expect(RELEASE_SCRIPTS.start).toBe("node .next/app-server.mjs");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [".next/app-server.mjs", "--port", String(port), "--hostname", "127.0.0.1"],
    {
      cwd: folder,
      env: productionEnv({
        APP_URL: url,
        NEXTAUTH_URL: url,
        NEXTAUTH_SECRET: "release-test-session-secret-of-some-length",
        APP_ENCRYPTION_KEY: `k1:${Buffer.alloc(32, 7).toString("base64url")}`,
        // Nothing listens here: readiness and a webhook need no platform call.
        CLINIC_API_BASE_URL: "http://127.0.0.1:9",
        CLINIC_WEBHOOK_SECRET: WEBHOOK_SECRET,
        METRICS_PORT: "0",
        LOG_FORMAT: "json",
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
      }),
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  server = child;
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));

  // 4. Ready: database reachable, every migration the release carries applied, the job worker running.
  const deadline = Date.now() + 90_000;
  let ready = 0;
  while (Date.now() < deadline && ready !== 200) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output.join("")}`);
    ready = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (ready !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  expect(ready, output.join("")).toBe(200);
  expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ status: "up" });

  // 5. A signed delivery is answered 200 and stored; a wrongly signed one is refused.
  const body = deliveryBody("evt-release-1", "clinic-release");
  const now = Math.floor(Date.now() / 1000);
  const refused = await fetch(`${url}/api/webhooks/clinic`, {
    method: "POST",
    headers: { "content-type": "application/json", "service-signature": signWebhookBody(body, "another", now) },
    body,
  });
  expect(refused.status).toBe(401);
  const delivered = await fetch(`${url}/api/webhooks/clinic`, {
    method: "POST",
    headers: { "content-type": "application/json", "service-signature": signWebhookBody(body, WEBHOOK_SECRET, now) },
    body,
  });
  expect(delivered.status, await delivered.clone().text()).toBe(200);
  const stored = await database.query<{ id: string; clinic_id: string }>(
    "SELECT id, clinic_id FROM events WHERE id = $1",
    ["evt-release-1"],
  );
  expect(stored).toEqual([{ id: "evt-release-1", clinic_id: "clinic-release" }]);

  // 6. SIGTERM in the middle of a burst of deliveries: every one answered 200 is stored, once; the
  // others are refused or cut off (the platform sends those again); the server then exits cleanly.
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deliver = async (i: number) => {
    const id = `evt-burst-${i}`;
    const burstBody = deliveryBody(id, "clinic-release");
    const signature = signWebhookBody(burstBody, WEBHOOK_SECRET, Math.floor(Date.now() / 1000));
    const status = await fetch(`${url}/api/webhooks/clinic`, {
      method: "POST",
      headers: { "content-type": "application/json", "service-signature": signature },
      body: burstBody,
      signal: AbortSignal.timeout(30_000),
    }).then(
      (r) => r.status,
      () => 0, // refused or cut off: no answer
    );
    return { id, status };
  };
  const WAVE = 60;
  let answered = 0;
  let signalled!: () => void;
  const sigterm = new Promise<void>((resolve) => (signalled = resolve));
  const first = Array.from({ length: WAVE }, (_, i) =>
    deliver(i).then((outcome) => {
      if (++answered === WAVE / 2) {
        child.kill("SIGTERM");
        signalled();
      }
      return outcome;
    }),
  );
  await sigterm;
  const second = Array.from({ length: WAVE }, (_, i) => deliver(WAVE + i));
  const outcomes = await Promise.all([...first, ...second]);
  expect(await exited).toBe(0);
  const burst = await database.query<{ id: string }>("SELECT id FROM events WHERE id LIKE 'evt-burst-%'");
  const kept = new Set(burst.map((row) => row.id));
  const acknowledged = outcomes.filter((o) => o.status === 200).map((o) => o.id);
  console.log(
    `release: SIGTERM mid-burst: ${acknowledged.length} of ${outcomes.length} answered 200, ${kept.size} stored, ` +
      `others ${JSON.stringify(outcomes.filter((o) => o.status !== 200).reduce<Record<number, number>>((n, o) => ({ ...n, [o.status]: (n[o.status] ?? 0) + 1 }), {}))}`,
  );
  expect(acknowledged.length).toBeGreaterThanOrEqual(WAVE / 2);
  expect(
    acknowledged.filter((id) => !kept.has(id)),
    "answered 200 but not stored",
  ).toEqual([]);
  // A delivery never answered may still have been stored (the platform's retry then finds it there).
  expect(outcomes.every((o) => o.status === 200 || o.status === 0 || o.status === 503)).toBe(true);
  // Nothing processed twice, nothing dropped by processing: each stored event is counted in the
  // chart's projection once, or still waits in the backlog for the next process to take it.
  const [work] = await database.query<{ counted: number; waiting: number; stored: number }>(
    `SELECT (SELECT coalesce(sum(count), 0) FROM event_daily_counts WHERE clinic_id = 'clinic-release')::int AS counted,
            (SELECT count(*) FROM event_backlog WHERE clinic_id = 'clinic-release')::int AS waiting,
            (SELECT count(*) FROM events WHERE clinic_id = 'clinic-release')::int AS stored`,
  );
  expect(work.counted + work.waiting, JSON.stringify(work)).toBe(work.stored);
  const lines = output
    .join("")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level?: unknown; msg?: string });
  expect(lines.some((line) => line.msg?.startsWith("app: ready on") && line.level !== undefined)).toBe(true);

  // 7. Its traces (flushed on SIGTERM): Next.js's span of a readiness request, the query under it.
  const byId = new Map(spans.map((span) => [span.spanId, span]));
  const rootOf = (span: (typeof spans)[number]) => {
    let at = span;
    while (at.parentSpanId && byId.has(at.parentSpanId)) at = byId.get(at.parentSpanId)!;
    return at;
  };
  const names = [...new Set(spans.map((span) => `${span.name} (in ${rootOf(span).name})`))].join(", ");
  const readinessTraces = new Set(
    spans.filter((span) => span.name === "GET /api/health/ready").map((span) => span.traceId),
  );
  // Under the request's root span (Next.js's), in the trace of the readiness request.
  const readinessQueries = spans.filter(
    (span) => span.name === "db SELECT" && readinessTraces.has(span.traceId) && !rootOf(span).parentSpanId,
  );
  expect(readinessQueries.length, `spans received: ${names}`).toBeGreaterThan(0);
});
