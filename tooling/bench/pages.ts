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
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Response } from "@playwright/test";
import { appServerArgs, sandboxArgs, startService, waitForHttp, type Service } from "@/tooling/devstack/processes";
import { benchCommand, figure, type BenchResult, type Figure } from "@/tooling/bench/result";
import { round, summarize, timeRuns, type LatencySummary } from "@/tooling/bench/stats";
import { ensureBuiltApp, residentMiB, sampleResident, sleep } from "@/tooling/bench/support";
import { fillEvents } from "@/tooling/bench/timeline-data";
import { createTestDatabase, withClient, type TestDatabase } from "@/tooling/testing/database";
import {
  FLOOR_FACTOR,
  benchLatencyMs,
  criticalPath,
  epochMs,
  floorOf,
  readTrace,
  replayAlone,
  setDistance,
  startTrace,
  stopTrace,
  within,
} from "@/tooling/bench/distance";
import type { TracedRequest } from "@/lib/contract";
import type { Sandbox } from "@/sandbox/start";
import { SandboxClient } from "@/sandbox/testing/harness";
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

export async function startStack(
  name: string,
  seedCounts?: object,
  appEnv: Record<string, string> = {},
): Promise<Stack> {
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
      ...appEnv,
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

/** The sandbox's rate limit raised to BIG_RATE_LIMIT, as the app's is for the stack. */
async function raiseSandboxLimit(stack: Stack): Promise<void> {
  const response = await fetch(`${stack.sandboxUrl}/__sandbox/rate-limit`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ limit: BIG_RATE_LIMIT }),
  });
  if (!response.ok) throw new Error(`the sandbox's rate limit answered ${response.status}`);
}

/**
 * A patient's case, as the practitioner reaches it: their treatment plans list, and from its first
 * plan, the patient's page (their plans, orders and lab orders from the platform's per-patient lists)
 * and the plan's own page; and the form that adds a patient.
 */
async function patientCasePages(
  context: BrowserContext,
  stack: Stack,
): Promise<Array<{ label: string; path: string }>> {
  const page = await context.newPage();
  const pathOf = async (link: Locator) => new URL((await link.getAttribute("href")) ?? "", stack.appUrl).pathname;
  try {
    await page.goto(`${stack.appUrl}/plans`);
    const planLink = page.locator('main a[href*="/plans/"]').first();
    const hasPlan = await planLink.waitFor({ timeout: 5000 }).then(
      () => true,
      () => false, // no plan the app has heard of: the patients list names one
    );
    if (!hasPlan) await page.goto(`${stack.appUrl}/patients`);
    const planPath = hasPlan ? await pathOf(planLink) : null;
    const patientPath =
      planPath?.replace(/\/plans\/[^/]+$/, "") ?? (await pathOf(page.locator("[data-patient-id] a").first()));
    return [
      { label: "treatment plans", path: "/plans" },
      { label: "a patient's page", path: patientPath },
      ...(planPath ? [{ label: "a treatment plan", path: planPath }] : []),
      { label: "add a patient", path: "/patients/new" },
    ];
  } finally {
    await page.close();
  }
}

/**
 * Adds `runs` patients through the form, each timed from chromium's request start to the action's
 * first byte (after one untimed add): the documented create, then the new patient's page.
 */
async function timeAddPatient(context: BrowserContext, stack: Stack, tag: string, runs: number): Promise<Timed[]> {
  const page = await context.newPage();
  const timed: Timed[] = [];
  try {
    for (let i = 0; i <= runs; i++) {
      await page.goto(`${stack.appUrl}/patients/new`);
      const letters = `${tag}${i}`.replace(/\d/g, (d) => "abcdefghij"[Number(d)]);
      await page.getByLabel("First name", { exact: true }).fill("Bench");
      await page.getByLabel("Last name", { exact: true }).fill(`Patient ${letters}`);
      await page.getByLabel("Email", { exact: true }).fill(`bench.${letters}@mail.example`);
      const run = await actionTime(page, () => page.getByRole("button", { name: "Add patient" }).click());
      if (i > 0) timed.push(run);
    }
  } finally {
    await page.close();
  }
  return timed;
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
async function actionTime(page: Page, act: () => Promise<unknown>): Promise<Timed> {
  const timings: number[] = [];
  const windows: Array<[number, number]> = [];
  const isAction = (response: Response) => {
    const request = response.request();
    return request.method() === "POST" && request.headers()["next-action"] !== undefined;
  };
  const onResponse = (response: Response) => {
    if (isAction(response)) {
      const timing = response.request().timing();
      timings.push(timing.responseStart);
      windows.push([timing.startTime, timing.startTime + timing.responseStart]);
    }
  };
  page.on("response", onResponse);
  try {
    const answered = page.waitForResponse(isAction, { timeout: 60_000 });
    answered.catch(() => undefined); // awaited below; a failure of act() must not leave it unhandled
    await act();
    await answered;
    // A navigation's page may send more than one; after a keystroke the document is long idle.
    await page.waitForLoadState("networkidle");
  } finally {
    page.off("response", onResponse);
  }
  if (timings.length === 0) throw new Error("no server action was sent");
  // The actions' span on the wall clock (chromium's), widened by a millisecond either way for rounding.
  return {
    ms: Math.max(...timings),
    from: Math.min(...windows.map((w) => w[0])) - 1,
    to: Math.max(...windows.map((w) => w[1])) + 1,
  };
}

/**
 * A navigation whose page arrives with its data (no server action): the server's time is chromium's
 * request start to the document's last byte (a streamed page's data comes after its first byte).
 */
async function navigationTime(page: Page, url: string): Promise<Timed & { start: number }> {
  const response = await page.goto(url);
  if (!response) throw new Error(`no response for ${url}`);
  await response.finished();
  const timing = response.request().timing();
  await page.waitForLoadState("networkidle");
  const end = Math.max(timing.responseEnd, timing.responseStart);
  return { ms: end, start: timing.responseStart, from: timing.startTime - 1, to: timing.startTime + end + 1 };
}

/** A document requested with the session's cookies, from the request to its body's end. */
async function documentTime(url: string, cookie: string): Promise<Timed> {
  const from = Date.now();
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return { ms: performance.now() - started, from: from - 1, to: Date.now() + 1 };
}

/** The same page navigated in chromium: p50 of the first byte and of the document's end. */
async function browserTimes(context: BrowserContext, url: string, runs = 10): Promise<{ start: number; end: number }> {
  const page = await context.newPage();
  await navigationTime(page, url); // untimed: the first visit
  const times: Array<Timed & { start: number }> = [];
  for (let i = 0; i < runs; i++) times.push(await navigationTime(page, url));
  await page.close();
  return { start: summarize(times.map((t) => t.start)).p50, end: summarize(times.map((t) => t.ms)).p50 };
}

/** One timed request or action: its server time and its span on the wall clock (epoch ms). */
interface Timed {
  ms: number;
  from: number;
  to: number;
}

/** What the platform's trace says about a series of timed runs of one page or action. */
interface Distance {
  /** The most platform calls one run made one after another. */
  calls: number;
  /** That run's calls by level (for replaying them alone). */
  levels: TracedRequest[][];
  /** Platform calls per run, on average. */
  perRun: number;
}

function distanceOf(trace: readonly TracedRequest[], runs: readonly Timed[]): Distance {
  let worst = { calls: 0, levels: [] as TracedRequest[][] };
  let total = 0;
  for (const run of runs) {
    const mine = within(trace, run.from, run.to);
    total += mine.length;
    const path = criticalPath(mine);
    if (path.calls > worst.calls) worst = path;
  }
  return { ...worst, perRun: runs.length ? total / runs.length : 0 };
}

const BIG_RUNS = 10;
const SEARCH_TERMS = ["plan", "guide", "meal", "sheet", "book", "an", "el", "ro", "ma", "li", "st", "er"];

/** The large clinic's lists as a practitioner sees them load, and a search of each. */
interface BigRow {
  label: string;
  times: LatencySummary;
  runs: Timed[];
}

async function measureBigClinic(context: BrowserContext, stack: Stack, round: string): Promise<BigRow[]> {
  const page = await context.newPage();
  const rows: BigRow[] = [];
  const measure = async (
    label: string,
    act: () => Promise<unknown>,
    timed = (a: typeof act) => actionTime(page, a),
  ) => {
    const runs: Timed[] = [];
    for (let i = 0; i < BIG_RUNS + 1; i++) {
      const t = await timed(act).catch((error: unknown) => {
        throw new Error(`${label}: ${error instanceof Error ? error.message : String(error)}`);
      });
      if (i > 0) runs.push(t);
    }
    rows.push({ label, times: summarize(runs.map((r) => r.ms)), runs });
  };
  // The page arrives with the library's first page (lib/resources/first-page.ts): timed from the
  // request to the document's end, the rows in it, as the main pages are timed (with the session's
  // cookies). Chromium's own timing, which also holds the browser's work on these same two cores,
  // is a note (browserTimes).
  const resources = `${stack.appUrl}/resources`;
  const cookie = await cookieHeader(context, stack.appUrl);
  await measure(
    "resources, the library's first page",
    async () => undefined,
    () => documentTime(resources, cookie),
  );
  // A new term each time: the page keeps the answers to terms it has asked before.
  const term = (() => {
    let n = 0;
    return () => `${SEARCH_TERMS[n % SEARCH_TERMS.length]}${n++ >= SEARCH_TERMS.length ? `${round}${n}` : ""}`;
  })();
  await page.goto(resources);
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
  runs: Timed[];
}

async function measurePages(
  context: BrowserContext,
  stack: Stack,
  pages: Array<{ label: string; path: string }>,
  options: { measureJs: boolean; runs: number },
): Promise<PageRow[]> {
  const cookie = await cookieHeader(context, stack.appUrl);
  const rows: PageRow[] = [];
  for (const { label, path } of pages) {
    const runs: Timed[] = [];
    const times = await timeRuns(
      async () => {
        const from = epochMs();
        const ms = await ttfb(`${stack.appUrl}${path}`, cookie);
        runs.push({ ms, from, to: epochMs() });
      },
      options.runs,
      5,
    );
    rows.push({
      label,
      path,
      ttfb: summarize(times),
      jsBytes: options.measureJs ? await firstLoadJs(context, `${stack.appUrl}${path}`) : 0,
      runs: runs.slice(-options.runs),
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

/** Timed runs of each page at the platform's distance (each traced): fewer, as each costs the latency. */
const RUNS_AT_DISTANCE = 20;
/** The library's search: a first page, then the rest at once. */
const SEARCH_CALLS_GOAL = 2;
/** The library's first page with a large clinic: at most the platform's own time plus this. */
const FIRST_PAGE_OVER_PLATFORM_MS = 50;
/**
 * The large clinic's runs call the platform more often than one person's share of the limit allows
 * in five minutes (each search reads 20 pages, twice over): the benchmark lifts the app's and the
 * sandbox's limits so the quota does not pace it. The calls still take turns from the quota.
 */
const BIG_RATE_LIMIT = 200_000;

/** New events sent for the time-to-the-timeline figure, and its goal (p95). */
const ARRIVALS = 20;
const ARRIVAL_GOAL_MS = 2000;

interface Arrivals {
  /** The platform's send to the row in the browser's timeline. */
  shown: LatencySummary;
  /** The platform's send to the timeline's head (GET /api/events/head) moving: stored and visible to a poll. */
  stored: LatencySummary;
}

/**
 * Time to a new event on the timeline: the sandbox emits a patient.created (its webhook delivered to
 * the app at once), the timeline open in chromium shows the row. The send time is taken before the
 * sandbox is asked, so the figure includes all of it. Beside it the bench polls the timeline's head
 * every 25 ms with the same session: how soon the event was stored and visible to a poll; the rest
 * is the page's polling and its refetch. Sends are spread over a second so they meet the page's poll
 * at different points of its interval.
 */
async function measureArrivals(
  context: BrowserContext,
  admin: BrowserContext,
  stack: Stack,
  clinicId: string,
): Promise<Arrivals> {
  await activateClinicKey(admin, stack, clinicId);
  const page = await context.newPage();
  const cookie = await cookieHeader(context, stack.appUrl);
  const head = async () => (await fetch(`${stack.appUrl}/api/events/head`, { headers: { cookie } })).text();
  await page.goto(`${stack.appUrl}/events`);
  await page.waitForLoadState("networkidle");
  const shown: number[] = [];
  const stored: number[] = [];
  for (let i = 0; i < ARRIVALS; i++) {
    await sleep((i * 397) % 1000);
    const before = await head();
    const name = `Arrival${i} Bench${i}`;
    const sent = performance.now();
    const emitted = await fetch(`${stack.sandboxUrl}/__sandbox/activity`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        clinic_id: clinicId,
        type: "patient.created",
        data: { first_name: `Arrival${i}`, last_name: `Bench${i}` },
      }),
    });
    if (!emitted.ok) throw new Error(`the sandbox's activity answered ${emitted.status}`);
    let waiting = true;
    const storedAt = (async () => {
      while (waiting && (await head()) === before) await sleep(25);
      return performance.now() - sent;
    })();
    try {
      await page.getByText(name).filter({ visible: true }).first().waitFor({ timeout: 30_000 });
      shown.push(performance.now() - sent);
      stored.push(await storedAt);
    } finally {
      waiting = false;
      await storedAt.catch(() => undefined);
    }
  }
  await page.close();
  return { shown: summarize(shown), stored: summarize(stored) };
}

/**
 * The platform sends a clinic's events only once its integration is active: the admin enters the
 * clinic's key in the console (Admin → Clinic key), as a clinic does, and the app's first call with
 * it activates it. Done last: from then on every platform call carries the key.
 */
async function activateClinicKey(admin: BrowserContext, stack: Stack, clinicId: string): Promise<void> {
  const seed = (await (await fetch(`${stack.sandboxUrl}/__sandbox/seed`)).json()) as {
    clinics: Array<{ id: string; current_clinic_key: string }>;
  };
  const key = seed.clinics.find((c) => c.id === clinicId)?.current_clinic_key;
  if (!key) throw new Error(`the sandbox has no key for clinic ${clinicId}`);
  const page = await admin.newPage();
  await page.goto(`${stack.appUrl}/admin/clinic-key`);
  await page.getByLabel(/^(new )?clinic key$/i).fill(key);
  await page.getByRole("button", { name: /Save the key|Replace the key/ }).click();
  await page.getByRole("status").filter({ hasText: "Saved (encrypted)" }).waitFor({ timeout: 60_000 });
  for (let tries = 0; ; tries++) {
    await page.goto(`${stack.appUrl}/admin/clinic-key`);
    if ((await page.getByTestId("clinic-key-state").textContent())?.includes("Activated")) break;
    if (tries > 60) throw new Error("the clinic key was not activated");
    await sleep(1000);
  }
  await page.close();
}

const PART_TITLE: Record<string, string> = { main: " (the main stack)", big: " (the large clinic)" };

/** `--section=main|big`: one part of the benchmark (while developing); both by default. */
function sections(): { main: boolean; big: boolean } {
  const only = process.env.BENCH_SECTION ?? "";
  if (only !== "" && only !== "main" && only !== "big") throw new Error(`--section must be main or big, not ${only}`);
  return { main: only !== "big", big: only !== "main" };
}

/** Figures of one page or action at the platform's distance against its floor. */
function distanceFigures(
  label: string,
  latencyMs: number,
  nextDoorMs: number,
  farMs: number,
  distance: Distance,
  callsGoal: number,
): Figure[] {
  const floor = floorOf(distance.calls, latencyMs, nextDoorMs);
  const ratio = farMs / floor;
  return [
    figure({
      name: `${label}: platform calls one after another (critical path), at ${latencyMs} ms`,
      value: distance.calls,
      unit: "calls",
      baseline: round(distance.perRun, 1),
      ratio: null,
      goal: `≤ ${callsGoal} (baseline: calls per request)`,
      pass: distance.calls <= callsGoal,
    }),
    figure({
      name: `${label}: server time p95 at ${latencyMs} ms vs its floor (${distance.calls} × ${latencyMs} ms + ${round(nextDoorMs)} ms at 0 ms)`,
      value: round(farMs),
      unit: "ms",
      baseline: round(floor),
      ratio: round(ratio),
      goal: `≤ ${FLOOR_FACTOR}× floor`,
      pass: ratio <= FLOOR_FACTOR,
    }),
  ];
}

export async function benchPages(): Promise<BenchResult[]> {
  const started = performance.now();
  const latencyMs = benchLatencyMs();
  const part = sections();
  await ensureBuiltApp();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  const stacks: Stack[] = [];
  const figures: Figure[] = [];
  const notes: string[] = [];
  try {
    let baselineP95 = Number.NaN;
    if (part.main) {
      // The main stack: the seeded clinics, plus a million events of the signed-in clinic.
      // The runs read the same pages hundreds of times within the platform's window: with the quota
      // counting, one person's share would be spent and the later runs would not call the platform.
      const stack = await startStack("pages", undefined, { PLATFORM_RATE_LIMIT: String(BIG_RATE_LIMIT) });
      stacks.push(stack);
      await raiseSandboxLimit(stack);
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
      baselineP95 = baseline.p95;
      const practitionerList = [
        { label: "home", path: "/" },
        { label: "resources", path: "/resources" },
        { label: "patients", path: "/patients" },
        { label: `events (${EVENTS.toLocaleString("en")} stored)`, path: "/events" },
        ...(await patientCasePages(practitioner, stack)),
      ];
      const adminList = [
        { label: "admin overview", path: "/admin" },
        { label: "webhook deliveries", path: "/admin/webhooks" },
      ];
      const practitionerPages = await measurePages(practitioner, stack, practitionerList, {
        measureJs: true,
        runs: RUNS,
      });
      // A small export first (one type of event), then everything: streamed, the server's memory at
      // its peak is about the same for both.
      const exportCookie = await cookieHeader(practitioner, stack.appUrl);
      const exportedSmall = await measureExport(stack, exportCookie, `?type=${SMALL_EXPORT_TYPE}`);
      const exported = await measureExport(stack, exportCookie);
      const adminPages = await measurePages(admin, stack, adminList, { measureJs: true, runs: RUNS });
      const added = await timeAddPatient(practitioner, stack, "near", RUNS_AT_DISTANCE);

      // The same pages with the platform at its distance, every platform call traced.
      await setDistance(stack.sandboxUrl, latencyMs);
      await startTrace(stack.sandboxUrl);
      const far = [
        ...(await measurePages(practitioner, stack, practitionerList, { measureJs: false, runs: RUNS_AT_DISTANCE })),
        ...(await measurePages(admin, stack, adminList, { measureJs: false, runs: RUNS_AT_DISTANCE })),
      ];
      const addedFar = await timeAddPatient(practitioner, stack, "far", RUNS_AT_DISTANCE);
      const trace = await readTrace(stack.sandboxUrl);
      await stopTrace(stack.sandboxUrl);
      await setDistance(stack.sandboxUrl, 0);

      const arrivals = await measureArrivals(practitioner, admin, stack, clinicId);

      const near = [...practitionerPages, ...adminPages];
      figures.push(figure({ name: "baseline: not-found page p95", value: round(baseline.p95), unit: "ms" }));
      near.forEach((row, i) => {
        const ratio = row.ttfb.p95 / baseline.p95;
        figures.push(
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
          ...distanceFigures(
            `${row.label} (${row.path})`,
            latencyMs,
            row.ttfb.p95,
            far[i].ttfb.p95,
            distanceOf(trace, far[i].runs),
            1,
          ),
        );
      });
      const [addNear, addFar] = [summarize(added.map((t) => t.ms)), summarize(addedFar.map((t) => t.ms))];
      figures.push(
        figure({ name: "add a patient (the form's action): server time p95", value: round(addNear.p95), unit: "ms" }),
        ...distanceFigures(
          "add a patient (the form's action)",
          latencyMs,
          addNear.p95,
          addFar.p95,
          distanceOf(trace, addedFar),
          1,
        ),
      );
      figures.push(
        figure({
          name: `events CSV export, all ${exported.rows.toLocaleString("en")} rows (${round(exported.bytes / 1024 / 1024, 1)} MiB in ${round(exported.seconds, 1)} s) vs one type's ${exportedSmall.rows.toLocaleString("en")}: app server RSS peak`,
          value: round(exported.peak, 1),
          unit: "MiB",
          baseline: round(exportedSmall.peak, 1),
          ratio: round(exported.peak / exportedSmall.peak),
          goal: `≤ ${EXPORT_RSS_GOAL_RATIO}× for ${round(exported.rows / Math.max(exportedSmall.rows, 1), 0)}× the rows`,
          pass: exported.peak / exportedSmall.peak <= EXPORT_RSS_GOAL_RATIO && exported.rows > EVENTS / 2,
        }),
      );
      figures.push(
        figure({
          name: `time to a new event on the timeline: the platform's send to the row in the browser, p95 (${ARRIVALS} events) vs send to stored (the timeline's head moved)`,
          value: round(arrivals.shown.p95),
          unit: "ms",
          baseline: round(arrivals.stored.p95),
          ratio: round(arrivals.shown.p95 / arrivals.stored.p95),
          goal: `< ${ARRIVAL_GOAL_MS} ms`,
          pass: arrivals.shown.p95 < ARRIVAL_GOAL_MS,
        }),
        figure({
          name: "time to a new event on the timeline: p50",
          value: round(arrivals.shown.p50),
          unit: "ms",
          baseline: round(arrivals.stored.p50),
          ratio: round(arrivals.shown.p50 / arrivals.stored.p50),
        }),
      );
      notes.push(
        `Time to a new event: ${ARRIVALS} patient.created events emitted by the sandbox (POST /__sandbox/activity; its webhook goes to the app at once, next door: the webhook's own distance is not added), each timed from before the sandbox is asked to the row's text in the practitioner's timeline in chromium; the baseline is the same send to the timeline's head (GET /api/events/head, polled every 25 ms by the bench) moving. The page polls its head every few seconds (components/events/use-timeline.ts, LIVE_POLL_MS), then refetches the list.`,
        `The built app server and the sandbox in their own processes; ${EVENTS.toLocaleString("en")} events of the signed-in clinic written with INSERT … SELECT in ${fillSeconds.toFixed(0)} s.`,
        `${RUNS} timed requests per page after 5 untimed, one at a time, with the session's cookies (time to the response's headers; the body is then read whole).`,
        "JavaScript: every script chromium loads on a first visit of the page (no cache), each gzip-compressed here, summed.",
        "Export: GET /api/events/export as the practitioner, read whole, first with ?type=patient.created, then with no filter; the app server's VmRSS sampled every 50 ms during each, the peak of the whole export against the peak of the small one.",
      );
    }

    if (part.big) {
      // The large clinic: its own sandbox and database.
      const big = await startStack("pages_big", BIG_CLINIC, { PLATFORM_RATE_LIMIT: String(BIG_RATE_LIMIT) });
      stacks.push(big);
      await raiseSandboxLimit(big);
      const bigPractitioner = await signIn(browser, big, /\(Practitioner\)/);
      // One untimed round first: the server's first renders of these pages and actions (compiling,
      // caches) would otherwise fall on the next-door round only.
      await measureBigClinic(bigPractitioner, big, "w");
      const nearRows = await measureBigClinic(bigPractitioner, big, "a");
      await setDistance(big.sandboxUrl, latencyMs);
      await startTrace(big.sandboxUrl);
      const farRows = await measureBigClinic(bigPractitioner, big, "b");
      const trace = await readTrace(big.sandboxUrl);
      await stopTrace(big.sandboxUrl);
      const inChromium = await browserTimes(bigPractitioner, `${big.appUrl}/resources`);

      // The platform alone: the same calls of the slowest traced run of each, with the same overlap,
      // sent straight to the sandbox with a token of the same practitioner, at each distance.
      const headers = await platformHeadersOf(bigPractitioner, big);
      const distances = farRows.map((row) => distanceOf(trace, row.runs));
      const alone = async () => {
        const out: number[] = [];
        for (const d of distances) {
          const times: number[] = [];
          for (let i = 0; i < 5; i++) times.push(await replayAlone(big.sandboxUrl, headers, d.levels));
          out.push(summarize(times).p50);
        }
        return out;
      };
      const aloneFar = await alone();
      await setDistance(big.sandboxUrl, 0);
      const aloneNear = await alone();

      nearRows.forEach((row, i) => {
        const isSearch = row.label.includes("search of the whole library");
        figures.push(
          figure({
            name: `large clinic: ${row.label}, server time p95`,
            value: round(row.times.p95),
            unit: "ms",
            baseline: Number.isNaN(baselineP95) ? null : round(baselineP95),
            ratio: Number.isNaN(baselineP95) ? null : round(row.times.p95 / baselineP95),
          }),
          figure({
            name: `large clinic: ${row.label}, the platform alone for the same calls at 0 ms (p50 of 5) vs server time p50 at 0 ms`,
            value: round(aloneNear[i]),
            unit: "ms",
            baseline: round(row.times.p50),
            ratio: round(aloneNear[i] / row.times.p50),
            goal: null,
          }),
          ...distanceFigures(
            `large clinic: ${row.label}`,
            latencyMs,
            row.times.p95,
            farRows[i].times.p95,
            distances[i],
            isSearch ? SEARCH_CALLS_GOAL : 1,
          ),
        );
        const firstPage = row.label.includes("library's first page");
        figures.push(
          figure({
            name: `large clinic: ${row.label}, server time p50 at ${latencyMs} ms vs the platform alone for the same calls (p50 of 5)`,
            value: round(farRows[i].times.p50),
            unit: "ms",
            baseline: round(aloneFar[i]),
            ratio: round(farRows[i].times.p50 / aloneFar[i]),
            goal: firstPage ? `≤ platform + ${FIRST_PAGE_OVER_PLATFORM_MS} ms` : null,
            pass: firstPage ? farRows[i].times.p50 <= aloneFar[i] + FIRST_PAGE_OVER_PLATFORM_MS : null,
          }),
        );
      });
      notes.push(
        `Large clinic: the sandbox seeded with ${BIG_CLINIC.patientsPerClinic.toLocaleString("en")} patients and ${(BIG_CLINIC.resourcesPerPractitioner * BIG_CLINIC.practitionersPerClinic).toLocaleString("en")} practitioner resources per clinic; each action timed ${BIG_RUNS} times after one untimed, from chromium's timing of the server action. The app's and the sandbox's rate limits are raised to ${BIG_RATE_LIMIT.toLocaleString("en")} calls for this stack (the runs would use up one person's share otherwise).`,
        `The library's first page is timed from the request to the document's end (its rows in it), with the session's cookies, as the main pages are. Chromium's own timing of the same navigation, on these same two cores, at ${latencyMs} ms: first byte at ${round(inChromium.start)} ms and the document's end at ${round(inChromium.end)} ms (p50 of 10).`,
        `The platform alone: the calls the slowest traced run of each action made, sent again straight to the sandbox with a token of the same practitioner, the calls the run made at once again at once and the rest in turn, 5 times at each distance.`,
      );
    }
    notes.push(
      `At a distance: the sandbox's latency fault set to ${latencyMs} ms ± ${Math.round(latencyMs * 0.1)} ms (jitter, drawn evenly) for every /api call, and its trace on (each call's arrival and finish). A run's calls are those that arrived and finished within its request (main pages: from the request to the body's end; actions: chromium's request start to the answer's first byte). Its critical path is the longest chain of calls each of which began after the one before had finished; the figure is the longest over the runs. The floor is critical-path calls × latency + the same page's p95 at 0 ms; the goal is the p95 at the distance within ${FLOOR_FACTOR}× the floor. \`npm run bench -- pages --latency=<ms>\` sets the distance (default 150).`,
      `The app's and the sandbox's rate limits are raised to ${BIG_RATE_LIMIT.toLocaleString("en")} calls for this stack: the runs read each page hundreds of times within the platform's 5-minute window, and with the quota counting, one person's share (500 calls) would be spent and the later runs would not call the platform at all.`,
    );
    return [
      {
        id: "pages",
        title: `Pages: server time to first byte, signed in, and the JavaScript each page ships, next door and at the platform's distance${PART_TITLE[process.env.BENCH_SECTION ?? ""] ?? ""}`,
        command: `${benchCommand("pages")}${process.env.BENCH_SECTION ? ` --section=${process.env.BENCH_SECTION}` : ""}`,
        baseline:
          "the app's own not-found page (static), requested the same way in the same run; at a distance, each page's floor (its calls in turn × latency + its time at 0 ms)",
        figures,
        notes,
        seconds: (performance.now() - started) / 1000,
      },
    ];
  } finally {
    await browser.close();
    for (const s of stacks.reverse()) await s.stop().catch(() => undefined);
  }
}

/** A bearer token of the practitioner signed in to `context`, from the sandbox's own sign-in. */
async function platformHeadersOf(context: BrowserContext, stack: Stack): Promise<Record<string, string>> {
  const session = await (
    await fetch(`${stack.appUrl}/api/auth/session`, { headers: { cookie: await cookieHeader(context, stack.appUrl) } })
  ).json();
  const platformUserId = await withClient(stack.database.url, async (c) => {
    const r = await c.query<{ platform_user_id: string }>("SELECT platform_user_id FROM users WHERE id = $1", [
      session.user.id,
    ]);
    return r.rows[0]?.platform_user_id;
  });
  if (!platformUserId) throw new Error("the signed-in practitioner has no platform user id");
  const client = new SandboxClient({ url: stack.sandboxUrl } as Sandbox);
  const token = await client.signIn(platformUserId);
  return { authorization: `Bearer ${token.access_token}`, accept: "application/json" };
}
