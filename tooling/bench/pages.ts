// Benchmark: the pages people open. The built app (its own server) and the sandbox, each in its own
// process, on a scratch database holding a million events of the signed-in clinic. Signed in through
// the sandbox's authorize page in Debian's chromium (as a practitioner and as the clinic's admin),
// then each main page's server time to first byte is timed with the session's cookies, one request
// at a time, against the app's own static not-found page in the same run. The JavaScript each page
// ships is what chromium loads for it on a first visit, compressed as the server sends it (gzip).
// A second sandbox seeded as a large clinic (10,000 patients, 2,000 resources) gives the resources
// and patients pages' server time at that size, library search included.
import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type BrowserContext, type Page, type Response } from "@playwright/test";
import { appServerArgs, sandboxArgs, startService, waitForHttp, type Service } from "@/tooling/devstack/processes";
import { benchCommand, figure, type BenchResult, type Figure } from "@/tooling/bench/result";
import { round, summarize, timeRuns, type LatencySummary } from "@/tooling/bench/stats";
import { ensureBuiltApp, residentMiB, sampleResident, sleep } from "@/tooling/bench/support";
import { fillEvents } from "@/tooling/bench/timeline-data";
import { createTestDatabase, withClient, type TestDatabase } from "@/tooling/testing/database";
import { freePort } from "@/tooling/testing/ports";

const RUNS = 60;
const TTFB_GOAL_MS = 150;
const TTFB_GOAL_RATIO = 5;
const JS_GOAL_KB = 200;
const EVENTS = 1_000_000;
const BIG_CLINIC = { patientsPerClinic: 10_000, resourcesPerPractitioner: 250, practitionersPerClinic: 8 };
const NOT_FOUND = "/bench-no-such-page";
/** The export streams: all events cost the server about the memory one type's events cost. */
const EXPORT_RSS_GOAL_RATIO = 1.5;
const SMALL_EXPORT_TYPE = "patient.created";

export interface Stack {
  app: Service;
  sandbox: Service;
  appUrl: string;
  sandboxUrl: string;
  database: TestDatabase;
  stop(): Promise<void>;
}

export async function startStack(name: string, seedCounts?: object): Promise<Stack> {
  const [appPort, sandboxPort] = [await freePort(), await freePort()];
  const appUrl = `http://localhost:${appPort}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const database = await createTestDatabase(`bench_${name}`, { migrated: true });
  const sandbox = startService(
    `sandbox-${name}`,
    sandboxArgs(),
    {
      SANDBOX_PORT: String(sandboxPort),
      PORT: String(appPort),
      ...(seedCounts ? { SANDBOX_SEED_COUNTS: JSON.stringify(seedCounts) } : {}),
    },
    { quiet: true },
  );
  await waitForHttp(`${sandboxUrl}/__sandbox/health`, sandbox.child, 120_000);
  const app = startService(
    `app-${name}`,
    appServerArgs(appPort),
    {
      DATABASE_URL: database.url,
      PORT: String(appPort),
      APP_URL: appUrl,
      NEXTAUTH_URL: appUrl,
      NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
      CLINIC_API_BASE_URL: sandboxUrl,
      NEXT_TELEMETRY_DISABLED: "1",
    },
    { quiet: true },
  );
  await waitForHttp(`${appUrl}/api/health`, app.child, 120_000);
  return {
    app,
    sandbox,
    appUrl,
    sandboxUrl,
    database,
    async stop() {
      await app.stop();
      await sandbox.stop();
      await database.drop();
    },
  };
}

/** Signs in through the sandbox's authorize page as the first user of a clinic (the first unless `clinic`) matching `who`. */
export async function signIn(browser: Browser, stack: Stack, who: RegExp, clinic = 0): Promise<BrowserContext> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${stack.appUrl}/signin`);
  await page.getByRole("button", { name: "Sign in with the platform" }).click();
  await page.waitForURL(`${stack.sandboxUrl}/api/oauth/authorize**`);
  await page.getByRole("group").nth(clinic).getByRole("button", { name: who }).first().click();
  await page.waitForURL((url) => url.href.startsWith(stack.appUrl) && !url.pathname.startsWith("/signin"));
  await page.close();
  return context;
}

export async function cookieHeader(context: BrowserContext, url: string): Promise<string> {
  return (await context.cookies(url)).map((c) => `${c.name}=${c.value}`).join("; ");
}

/** Time to the response's headers (the first byte), then the body read whole, as a browser would. */
export async function ttfb(url: string, cookie: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
  const first = performance.now() - started;
  await response.arrayBuffer();
  if (response.status >= 300 && response.status !== 404) throw new Error(`${url} answered ${response.status}`);
  return first;
}

/** Compressed bytes of every script chromium loads for a first visit of `path` (cache off). */
async function firstLoadJs(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  const scripts = new Map<string, Promise<number>>();
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.set(
      response.url(),
      response
        .body()
        .then((body) => gzipSync(body).length)
        .catch(() => 0),
    );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await page.close();
  const sizes = await Promise.all(scripts.values());
  return sizes.reduce((a, b) => a + b, 0);
}

/**
 * Runs `act` in the page and returns how long the server took over the server actions it sent:
 * request start to the answer's first byte, from chromium's timing (the longest if several). An
 * action's answer starts once the action has run; its body may still stream afterwards, and a body
 * cut short by the next navigation or keystroke is not waited for.
 */
async function actionTime(page: Page, act: () => Promise<unknown>): Promise<number> {
  const timings: number[] = [];
  const isAction = (response: Response) => {
    const request = response.request();
    return request.method() === "POST" && request.headers()["next-action"] !== undefined;
  };
  const onResponse = (response: Response) => {
    if (isAction(response)) timings.push(response.request().timing().responseStart);
  };
  page.on("response", onResponse);
  try {
    const answered = page.waitForResponse(isAction, { timeout: 60_000 });
    await act();
    await answered;
    // A navigation's page may send more than one; after a keystroke the document is long idle.
    await page.waitForLoadState("networkidle");
  } finally {
    page.off("response", onResponse);
  }
  if (timings.length === 0) throw new Error("no server action was sent");
  return Math.max(...timings);
}

const BIG_RUNS = 10;
const SEARCH_TERMS = ["plan", "guide", "meal", "sheet", "book", "an", "el", "ro", "ma", "li", "st", "er"];

/** The large clinic's lists as a practitioner sees them load, and a search of each. */
async function measureBigClinic(
  context: BrowserContext,
  stack: Stack,
): Promise<Array<{ label: string; times: LatencySummary }>> {
  const page = await context.newPage();
  const rows: Array<{ label: string; times: LatencySummary }> = [];
  const measure = async (label: string, act: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < BIG_RUNS + 1; i++) {
      const t = await actionTime(page, act).catch((error: unknown) => {
        throw new Error(`${label}: ${error instanceof Error ? error.message : String(error)}`);
      });
      if (i > 0) times.push(t);
    }
    rows.push({ label, times: summarize(times) });
  };
  await measure("resources, the library's first page", () => page.goto(`${stack.appUrl}/resources`));
  // A new term each time: the page keeps the answers to terms it has asked before.
  const term = (() => {
    let n = 0;
    return () => `${SEARCH_TERMS[n % SEARCH_TERMS.length]}${n++ >= SEARCH_TERMS.length ? n : ""}`;
  })();
  const library = page.getByRole("search").getByLabel("Search by name");
  await measure("resources, a search of the whole library", () => library.fill(term()));
  await measure("patients, the first page", () => page.goto(`${stack.appUrl}/patients`));
  await measure("patients, a search by name", () => page.getByLabel("Search patients").fill(term()));
  await page.close();
  return rows;
}

interface PageRow {
  label: string;
  path: string;
  ttfb: LatencySummary;
  jsBytes: number;
}

async function measurePages(
  context: BrowserContext,
  stack: Stack,
  pages: Array<{ label: string; path: string }>,
  measureJs = true,
): Promise<PageRow[]> {
  const cookie = await cookieHeader(context, stack.appUrl);
  const rows: PageRow[] = [];
  for (const { label, path } of pages) {
    const times = await timeRuns(() => ttfb(`${stack.appUrl}${path}`, cookie), RUNS, 5);
    rows.push({
      label,
      path,
      ttfb: summarize(times),
      jsBytes: measureJs ? await firstLoadJs(context, `${stack.appUrl}${path}`) : 0,
    });
  }
  return rows;
}

/**
 * The timeline's CSV export of every stored event of the clinic, read as fast as it comes, while
 * the app server's resident memory is sampled: it streams, so memory must not grow with the rows.
 */
async function measureExport(stack: Stack, cookie: string, query = "") {
  const pid = stack.app.child.pid ?? 0;
  await sleep(1_000);
  const before = residentMiB(pid);
  const sampler = sampleResident(pid, 50);
  const started = performance.now();
  const response = await fetch(`${stack.appUrl}/api/events/export${query}`, { headers: { cookie } });
  if (response.status !== 200 || !response.body) throw new Error(`the export answered ${response.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  const samples = sampler.stop();
  return { before, peak: Math.max(before, ...samples), seconds, bytes, rows: lines - 1 };
}

export async function benchPages(): Promise<BenchResult[]> {
  const started = performance.now();
  await ensureBuiltApp();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  const stacks: Stack[] = [];
  try {
    // The main stack: the seeded clinics, plus a million events of the signed-in clinic.
    const stack = await startStack("pages");
    stacks.push(stack);
    // The first to sign in to a clinic is its first admin today; the clinic admin signs in first
    // either way, so this holds whichever rule gives a clinic its admin.
    const admin = await signIn(browser, stack, /Clinic admin/);
    const practitioner = await signIn(browser, stack, /\(Practitioner\)/);
    const session = await (
      await fetch(`${stack.appUrl}/api/auth/session`, {
        headers: { cookie: await cookieHeader(practitioner, stack.appUrl) },
      })
    ).json();
    const clinicId: string = session.user.clinicId;
    const fillStarted = performance.now();
    await withClient(stack.database.url, (c) => fillEvents(c, EVENTS, clinicId));
    const fillSeconds = (performance.now() - fillStarted) / 1000;

    const baseline = summarize(await timeRuns(() => ttfb(`${stack.appUrl}${NOT_FOUND}`, ""), RUNS, 5));
    const practitionerPages = await measurePages(practitioner, stack, [
      { label: "home", path: "/" },
      { label: "resources", path: "/resources" },
      { label: "patients", path: "/patients" },
      { label: `events (${EVENTS.toLocaleString("en")} stored)`, path: "/events" },
    ]);
    // A small export first (one type of event), then everything: streamed, the server's memory at
    // its peak is about the same for both.
    const exportCookie = await cookieHeader(practitioner, stack.appUrl);
    const exportedSmall = await measureExport(stack, exportCookie, `?type=${SMALL_EXPORT_TYPE}`);
    const exported = await measureExport(stack, exportCookie);
    const adminPages = await measurePages(admin, stack, [
      { label: "admin overview", path: "/admin" },
      { label: "webhook deliveries", path: "/admin/webhooks" },
    ]);

    // The large clinic: its own sandbox and database.
    const big = await startStack("pages_big", BIG_CLINIC);
    stacks.push(big);
    const bigPractitioner = await signIn(browser, big, /\(Practitioner\)/);
    const bigRows = await measureBigClinic(bigPractitioner, big);

    const pageFigures = [...practitionerPages, ...adminPages].flatMap((row): Figure[] => {
      const ratio = row.ttfb.p95 / baseline.p95;
      return [
        figure({
          name: `${row.label} (${row.path}): time to first byte p95`,
          value: round(row.ttfb.p95),
          unit: "ms",
          baseline: round(baseline.p95),
          ratio: round(ratio),
          goal: `≤ ${TTFB_GOAL_RATIO}× and < ${TTFB_GOAL_MS} ms`,
          pass: ratio <= TTFB_GOAL_RATIO && row.ttfb.p95 < TTFB_GOAL_MS,
        }),
        figure({
          name: `${row.label} (${row.path}): JavaScript on first load (gzip)`,
          value: round(row.jsBytes / 1024, 1),
          unit: "kB",
          goal: `≤ ${JS_GOAL_KB} kB`,
          pass: row.jsBytes / 1024 <= JS_GOAL_KB,
        }),
      ];
    });
    const bigFigures = bigRows.map((row) =>
      figure({
        name: `large clinic: ${row.label}, server time p95`,
        value: round(row.times.p95),
        unit: "ms",
        baseline: round(baseline.p95),
        ratio: round(row.times.p95 / baseline.p95),
      }),
    );
    return [
      {
        id: "pages",
        title: "Pages: server time to first byte, signed in, and the JavaScript each page ships",
        command: benchCommand("pages"),
        baseline: "the app's own not-found page (static), requested the same way in the same run",
        figures: [
          figure({ name: "baseline: not-found page p95", value: round(baseline.p95), unit: "ms" }),
          ...pageFigures,
          ...bigFigures,
          figure({
            name: `events CSV export, all ${exported.rows.toLocaleString("en")} rows (${round(exported.bytes / 1024 / 1024, 1)} MiB in ${round(exported.seconds, 1)} s) vs one type's ${exportedSmall.rows.toLocaleString("en")}: app server RSS peak`,
            value: round(exported.peak, 1),
            unit: "MiB",
            baseline: round(exportedSmall.peak, 1),
            ratio: round(exported.peak / exportedSmall.peak),
            goal: `≤ ${EXPORT_RSS_GOAL_RATIO}× for ${round(exported.rows / Math.max(exportedSmall.rows, 1), 0)}× the rows`,
            pass: exported.peak / exportedSmall.peak <= EXPORT_RSS_GOAL_RATIO && exported.rows > EVENTS / 2,
          }),
        ],
        notes: [
          `The built app server and the sandbox in their own processes; ${EVENTS.toLocaleString("en")} events of the signed-in clinic written with INSERT … SELECT in ${fillSeconds.toFixed(0)} s.`,
          `${RUNS} timed requests per page after 5 untimed, one at a time, with the session's cookies (time to the response's headers; the body is then read whole).`,
          "JavaScript: every script chromium loads on a first visit of the page (no cache), each gzip-compressed here, summed.",
          "Export: GET /api/events/export as the practitioner, read whole, first with ?type=patient.created, then with no filter; the app server's VmRSS sampled every 50 ms during each, the peak of the whole export against the peak of the small one.",
          `Large clinic: the sandbox seeded with ${BIG_CLINIC.patientsPerClinic.toLocaleString("en")} patients and ${(BIG_CLINIC.resourcesPerPractitioner * BIG_CLINIC.practitionersPerClinic).toLocaleString("en")} practitioner resources per clinic; no goal is set for these rows, they show what size costs.`,
        ],
        seconds: (performance.now() - started) / 1000,
      },
    ];
  } finally {
    await browser.close();
    for (const s of stacks.reverse()) await s.stop().catch(() => undefined);
  }
}
