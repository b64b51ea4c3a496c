// How long an admin's edit takes on the events page while the timeline's live poll runs: a
// measurement script, not a test and not part of `npm run bench` (it drives chromium). The built app
// and the sandbox start on free ports with a scratch database holding EVENTS stored events; an admin
// opens /events and presses "Reconcile now" (a server action) ROUNDS times, first with nothing
// arriving (the poll reads only the head), then with an event stored every ARRIVAL_MS (each poll
// then refetches the list and the chart as well). For each press: how long the edit's request waited
// in the browser before it was sent, and how long until its answer came back.
//   node --import tsx tooling/bench/edit-under-poll.ts   (DATABASE_URL or TEST_PG_ADMIN_URL: a server)
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { chromium, expect, type Page, type Request } from "@playwright/test";
import pg from "pg";
import {
  appServerArgs,
  DIST_DIR,
  repoPath,
  sandboxArgs,
  startService,
  waitForHttp,
  type Service,
} from "@/tooling/devstack/processes";
import { round, summarize } from "@/tooling/bench/stats";
import { ensureBuiltApp, sleep } from "@/tooling/bench/support";
import { createTestDatabase, withClient } from "@/tooling/testing/database";
import { freePort } from "@/tooling/testing/ports";
import { fillEvents } from "@/tooling/bench/timeline-data";

const EVENTS = Number(process.env.EVENTS ?? 200_000);
const ROUNDS = Number(process.env.ROUNDS ?? 20);
const ARRIVAL_MS = 250;

interface Press {
  waitedMs: number;
  totalMs: number;
  /** A read of the page (a poll, or the list and chart it refetches) was under way at the click. */
  readInFlight: boolean;
}

/** The page's own reads under way (fetches that are not the edit), for telling presses apart. */
function trackReads(page: Page, editId: string): Set<Request> {
  const inFlight = new Set<Request>();
  const isRead = (r: Request) => r.resourceType() === "fetch" && r.headers()["next-action"] !== editId;
  page.on("request", (r) => void (isRead(r) && inFlight.add(r)));
  page.on("requestfinished", (r) => void inFlight.delete(r));
  page.on("requestfailed", (r) => void inFlight.delete(r));
  return inFlight;
}

/** The edit's server-action id, from the build's manifest (found by its exported name). */
function actionId(exportedName: string): string {
  const manifest = JSON.parse(readFileSync(repoPath(DIST_DIR, "server/server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { exportedName: string }>;
  };
  const found = Object.entries(manifest.node).find(([, entry]) => entry.exportedName === exportedName);
  if (!found) throw new Error(`no server action ${exportedName} in the build`);
  return found[0];
}

async function press(page: Page, editId: string, reads: Set<Request>): Promise<Press> {
  const button = page.getByRole("button", { name: "Reconcile now" });
  await expect(button).toBeEnabled({ timeout: 60_000 });
  const sent = page.waitForResponse((r) => r.request().headers()["next-action"] === editId, { timeout: 60_000 });
  const clickedAt = Date.now();
  const readInFlight = reads.size > 0;
  await button.click();
  // The panel shows the queued run once the edit's answer is in.
  await page.getByRole("button", { name: "Reconciling…" }).waitFor({ timeout: 60_000 });
  const answeredAt = Date.now();
  const response = await sent;
  const waitedMs = Math.max(0, response.request().timing().startTime - clickedAt);
  return { waitedMs, totalMs: answeredAt - clickedAt, readInFlight };
}

async function phase(page: Page, editId: string, reads: Set<Request>, label: string): Promise<void> {
  const presses: Press[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    presses.push(await press(page, editId, reads));
    process.stdout.write(".");
    // Presses at random moments of the poll's cycle (the run itself finishes within a second or so).
    await sleep(1000 + Math.random() * 3000);
  }
  const waited = summarize(presses.map((p) => p.waitedMs));
  const total = summarize(presses.map((p) => p.totalMs));
  const ms = (n: number) => `${round(n, 0)} ms`;
  console.log(
    `\n${label}: ${presses.length} presses\n` +
      `  waited in the browser before sending: median ${ms(waited.p50)}, mean ${ms(waited.mean)}, max ${ms(waited.max)}\n` +
      `  click to answer:                      median ${ms(total.p50)}, mean ${ms(total.mean)}, max ${ms(total.max)}`,
  );
  const behind = presses.filter((p) => p.readInFlight);
  const clear = presses.filter((p) => !p.readInFlight);
  const mean = (ps: Press[]) => (ps.length ? ms(summarize(ps.map((p) => p.waitedMs)).mean) : "—");
  console.log(
    `  waited, a read of the page under way at the click: ${behind.length} presses, mean ${mean(behind)}; ` +
      `none under way: ${clear.length} presses, mean ${mean(clear)}`,
  );
}

async function main(): Promise<void> {
  process.env.TEST_PG_ADMIN_URL ??= process.env.DATABASE_URL;
  await ensureBuiltApp();
  const database = await createTestDatabase("bench_edit_poll", { migrated: true });
  const services: Service[] = [];
  try {
    const [appPort, sandboxPort] = [await freePort(), await freePort()];
    const appUrl = `http://localhost:${appPort}`;
    const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    const env = {
      PORT: String(appPort),
      SANDBOX_PORT: String(sandboxPort),
      APP_URL: appUrl,
      NEXTAUTH_URL: appUrl,
      NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
      APP_ENCRYPTION_KEY: `bench:${randomBytes(32).toString("base64url")}`,
      CLINIC_API_BASE_URL: sandboxUrl,
      DATABASE_URL: database.url,
      NEXT_TELEMETRY_DISABLED: "1",
    };
    services.push(startService("sandbox", sandboxArgs(), env, { quiet: true }));
    await waitForHttp(`${sandboxUrl}/__sandbox/health`, services[0].child);
    services.push(startService("app", appServerArgs(appPort), env, { quiet: true }));
    await waitForHttp(`${appUrl}/api/health`, services[1].child, 120_000);
    const seed = (await (await fetch(`${sandboxUrl}/__sandbox/seed`)).json()) as { clinics: Array<{ id: string }> };
    const clinicId = seed.clinics[0].id;
    await withClient(database.url, (c) => fillEvents(c, EVENTS, clinicId));
    console.log(`${EVENTS} events stored for ${clinicId}; ${ROUNDS} presses per phase`);

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu"],
    });
    try {
      const page = await browser.newPage();
      page.setDefaultTimeout(60_000);
      await page.goto(`${appUrl}/signin`);
      await page.getByRole("button", { name: "Sign in with the platform" }).click();
      await page.waitForURL(`${sandboxUrl}/api/oauth/authorize**`);
      await page.getByRole("group").nth(0).getByRole("button").first().click();
      await page.waitForURL(`${appUrl}/**`);
      await page.goto(`${appUrl}/events`);
      console.log("signed in; on /events");

      const editId = actionId("startReconciliation");
      const reads = trackReads(page, editId);
      for (let i = 0; i < 2; i++) await press(page, editId, reads); // warm-up: the first runs compile and cache
      await phase(page, editId, reads, "quiet (the poll reads the head only)");

      const pool = new pg.Pool({ connectionString: database.url, max: 1 });
      let n = 0;
      const arrivals = setInterval(() => {
        n += 1;
        void pool.query(
          `INSERT INTO events (id, clinic_id, integration_id, type, category, created_at, received_at, source, data)
           VALUES ($1, $2, 'int_bench', 'patient.created', 'patients', now(), now(), 'webhook', '{}')`,
          [`evt_live_${process.pid}_${n}`, clinicId],
        );
      }, ARRIVAL_MS);
      try {
        await phase(
          page,
          editId,
          reads,
          `busy (an event every ${ARRIVAL_MS} ms: each poll refetches the list and the chart)`,
        );
      } finally {
        clearInterval(arrivals);
        await pool.end();
      }
    } catch (error) {
      await browser.contexts()[0]?.pages()[0]?.screenshot({ path: "/tmp/edit-under-poll-failure.png" });
      throw error;
    } finally {
      await browser.close();
    }
  } finally {
    for (const service of services.reverse()) await service.stop();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
