// Benchmark: the signed-in pages on a phone, as Lighthouse measures them. The built app and the
// sandbox on a scratch database (tooling/bench/pages/stack.ts), the clinic key entered, a day's
// events made by the sandbox (more than the timeline's first page), and a practitioner, the front
// desk and the clinic admin signed in through the sandbox's authorize page. Each of their pages is
// run through Lighthouse (pinned, its mobile preset: slow 4G and a slower CPU) three times, with the
// person's session cookie; the median run's figures are reported beside the page's JavaScript and
// HTML weight. The CPU slowdown is calibrated to this machine: Lighthouse's benchmark index of the
// host ÷ 375, between 1 and 4, so a slow or busy host is not slowed four times over. The baseline is
// the sign-in page (signed out: the least a page of the app can be), measured the same way in the
// same run. BENCH_PAGES (`--pages=<part,…>`) keeps to the pages whose role, label or path contains
// one of its parts, for a quick before and after. Not part of `npm test`.
import { launch, type LaunchedChrome } from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import { benchCommand, figure, unmeasured, type BenchResult, type Figure } from "@/tooling/bench/result";
import { reasonOf } from "@/tooling/bench/measured";
import { percentile } from "@/tooling/bench/stats";
import { ensureBuiltApp, sleep } from "@/tooling/bench/support";
import { TIMELINE_PAGE_SIZE } from "@/lib/events/timeline/list";
import { activateClinicKey, emitActivity } from "@/tooling/bench/pages/arrivals";
import { Chromium, SignedIn } from "@/tooling/bench/pages/chromium";
import { BIG_RATE_LIMIT, raiseSandboxLimit, startStack, type Stack } from "@/tooling/bench/pages/stack";
import { patientCasePages } from "@/tooling/bench/pages/table";
import { mkdir, writeFile } from "node:fs/promises";
import { repoPath } from "@/tooling/devstack/processes";

const RUNS = 3;
/**
 * Events the clinic has before its pages are measured: more than the timeline's first page, of the
 * kinds a clinic's day brings, so the events page and the home page are measured as a working clinic
 * sees them. On the near-empty timeline of a fresh sandbox the events page drew a few rows, and a
 * full page's cost (saying "ago" in a hundred places at once) went unmeasured.
 */
const CLINIC_DAY_EVENTS = TIMELINE_PAGE_SIZE + 10;
const DAY_KINDS = [
  "patient.created",
  "order.placed",
  "treatment_plan.created",
  "patient.updated",
  "product.created",
  "treatment_plan.updated",
  "lab_order.updated",
];
/** The goals every signed-in page is held to. */
const GOALS = { performance: 90, blockingMs: 200, paintMs: 2500, shift: 0.1, accessibility: 100 };
/** Lighthouse's own calibration: a host of this benchmark index runs its 4× preset as a mid-range phone. */
const INDEX_PER_SLOWDOWN = 375;
const BASELINE = "/signin";

export interface Page {
  role: string;
  label: string;
  path: string;
}

interface Run {
  performance: number;
  accessibility: number;
  blockingMs: number;
  paintMs: number;
  shift: number;
  scriptKiB: number;
  htmlKiB: number;
  benchmarkIndex: number;
  /** The whole report: where the main thread's time went is read from it for the median run. */
  lhr: Result;
}

export const cpuSlowdown = (benchmarkIndex: number): number =>
  Math.min(4, Math.max(1, Math.round((benchmarkIndex / INDEX_PER_SLOWDOWN) * 10) / 10));

function runOf(lhr: Result): Run {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (lhr.audits["network-requests"]?.details as { items?: Array<Record<string, unknown>> } | undefined)
    ?.items;
  const kib = (type: string) =>
    (items ?? []).filter((r) => r.resourceType === type).reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0) /
    1024;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    blockingMs: audit("total-blocking-time"),
    paintMs: audit("largest-contentful-paint"),
    shift: audit("cumulative-layout-shift"),
    scriptKiB: kib("Script"),
    htmlKiB: kib("Document"),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lhr,
  };
}

type Items = Array<Record<string, unknown>>;
const itemsOf = (lhr: Result, id: string): Items =>
  (lhr.audits[id]?.details as { items?: Items } | undefined)?.items ?? [];

/**
 * "script evaluation 610 ms, style & layout 120 ms; scripts: 4bd1…js 380 ms, …": the main thread's
 * work by kind and the three scripts that cost it most, from Lighthouse's own audits.
 */
export function spentOf(lhr: Result): string {
  const ms = (n: unknown) => `${Math.round(Number(n))} ms`;
  const kinds = itemsOf(lhr, "mainthread-work-breakdown")
    .slice(0, 3)
    .map((i) => `${String(i.groupLabel ?? i.group)} ${ms(i.duration)}`);
  const scripts = itemsOf(lhr, "bootup-time")
    .slice(0, 3)
    .map((i) => `${String(i.url).split("/").pop()} ${ms(i.total)}`);
  return `${kinds.join(", ") || "no main-thread work recorded"}; scripts: ${scripts.join(", ") || "none"}`;
}

class Lighthouse {
  private chrome: LaunchedChrome | undefined;
  slowdown = 4;

  private async port(): Promise<number> {
    this.chrome ??= await launch({
      chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
    });
    return this.chrome.port;
  }

  /** One Lighthouse run of `url` with `cookie`, on the mobile preset at this host's slowdown. */
  async run(url: string, cookie: string | null): Promise<Run> {
    const flags: Flags = {
      port: await this.port(),
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: this.slowdown },
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error("Lighthouse gave no result");
    const error = result.lhr.runtimeError;
    if (error) throw new Error(`Lighthouse: ${error.code} ${error.message}`);
    return runOf(result.lhr);
  }

  /** Sets the slowdown from a first, unmeasured run's benchmark index of the host. */
  async calibrate(url: string): Promise<number> {
    this.slowdown = 4;
    const first = await this.run(url, null);
    this.slowdown = cpuSlowdown(first.benchmarkIndex);
    return first.benchmarkIndex;
  }

  async close(): Promise<void> {
    this.chrome?.kill();
    this.chrome = undefined;
  }
}

/** The run whose performance score is the median of the page's runs. */
function medianRun(runs: Run[]): Run {
  const score = percentile(
    runs.map((r) => r.performance).sort((a, b) => a - b),
    50,
  );
  return runs.find((r) => r.performance === score)!;
}

/**
 * The sandbox makes a clinic's day happen; waits until the timeline's first page is full (stored by
 * the app), for two minutes at most, and returns how many events its first page then held.
 */
async function fillTimeline(stack: Stack, clinicId: string, cookie: string): Promise<number> {
  for (let i = 0; i < CLINIC_DAY_EVENTS; i++) await emitActivity(stack, clinicId, DAY_KINDS[i % DAY_KINDS.length]);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const body = (await (await fetch(`${stack.appUrl}/api/events`, { headers: { cookie } })).json()) as {
      data?: { events?: unknown[] };
    };
    const shown = body.data?.events?.length ?? 0;
    if (shown >= TIMELINE_PAGE_SIZE || Date.now() > deadline) return shown;
    await sleep(500);
  }
}

async function pagesOf(stack: Stack, people: Record<string, SignedIn>): Promise<Page[]> {
  const cases = await people.practitioner.run("finding a patient's case pages", (c) => patientCasePages(c, stack));
  const of = (role: string, list: Array<{ label: string; path: string }>) => list.map((p) => ({ role, ...p }));
  return [
    ...of("practitioner", [
      { label: "home", path: "/" },
      { label: "resources", path: "/resources" },
      { label: "patients", path: "/patients" },
      { label: "events", path: "/events" },
      ...cases,
    ]),
    ...of("front desk", [
      { label: "home", path: "/" },
      { label: "events", path: "/events" },
      { label: "patients", path: "/patients" },
    ]),
    ...of("clinic admin", [
      { label: "overview", path: "/admin" },
      { label: "accounts", path: "/admin/accounts" },
      { label: "clinic key", path: "/admin/clinic-key" },
      { label: "webhooks", path: "/admin/webhooks" },
      { label: "reconciliation", path: "/admin/reconciliation" },
      { label: "platform changes", path: "/admin/platform-changes" },
      { label: "alerts", path: "/admin/alerts" },
      { label: "audit", path: "/admin/audit" },
      { label: "settings", path: "/admin/settings" },
      { label: "environment", path: "/admin/environment" },
    ]),
  ];
}

/** The pages `selection` (comma-separated parts, case-insensitive) picks: each whose role, label or path contains one. */
export function selectPages<P extends Page>(pages: P[], selection: string | undefined): P[] {
  const parts = (selection ?? "")
    .split(",")
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  if (!parts.length) return pages;
  const picked = pages.filter((page) =>
    parts.some((part) => [page.role, page.label, page.path].some((field) => field.toLowerCase().includes(part))),
  );
  if (!picked.length)
    throw new Error(
      `--pages=${selection} picks none of the pages: ${pages.map((p) => `${p.role} ${p.label} (${p.path})`).join(", ")}`,
    );
  return picked;
}

function pageFigures(page: Page, runs: Run[], baseline: Run | null): Figure[] {
  const name = `${page.role}: ${page.label} (${page.path})`;
  const m = medianRun(runs);
  const round = (n: number) => Math.round(n);
  return [
    figure({
      name: `${name}: performance (median of ${runs.length}; TBT ${round(m.blockingMs)} ms, LCP ${(m.paintMs / 1000).toFixed(1)} s, CLS ${m.shift.toFixed(3)}, accessibility ${m.accessibility}; JS ${round(m.scriptKiB)} KiB, HTML ${round(m.htmlKiB)} KiB)`,
      value: m.performance,
      unit: "score",
      baseline: baseline?.performance ?? null,
      ratio: baseline ? Math.round((m.performance / baseline.performance) * 100) / 100 : null,
      goal: `≥ ${GOALS.performance}`,
      pass: m.performance >= GOALS.performance,
    }),
    figure({
      name: `${name}: total blocking time`,
      value: round(m.blockingMs),
      unit: "ms",
      baseline: baseline ? round(baseline.blockingMs) : null,
      goal: `≤ ${GOALS.blockingMs} ms`,
      pass: m.blockingMs <= GOALS.blockingMs,
    }),
    figure({
      name: `${name}: largest contentful paint`,
      value: round(m.paintMs),
      unit: "ms",
      baseline: baseline ? round(baseline.paintMs) : null,
      goal: `≤ ${GOALS.paintMs} ms`,
      pass: m.paintMs <= GOALS.paintMs,
    }),
    figure({
      name: `${name}: layout shift and accessibility`,
      value: Math.round(m.shift * 1000) / 1000,
      unit: "CLS",
      goal: `≤ ${GOALS.shift}, accessibility ${GOALS.accessibility}`,
      pass: m.shift <= GOALS.shift && m.accessibility >= GOALS.accessibility,
    }),
  ];
}

/** The median run's whole report, to open in Lighthouse's viewer: .data/bench/lighthouse/<role>-<label>.json. */
async function keepReport(page: Page, run: Run): Promise<void> {
  const dir = repoPath(".data/bench/lighthouse");
  await mkdir(dir, { recursive: true });
  const name = `${page.role}-${page.label}`.replace(/[^a-z0-9]+/gi, "-").toLowerCase();
  await writeFile(`${dir}/${name}.json`, JSON.stringify(run.lhr));
}

export async function benchPhone(): Promise<BenchResult[]> {
  const started = performance.now();
  await ensureBuiltApp();
  const chromium = new Chromium();
  const lh = new Lighthouse();
  let stack: Stack | undefined;
  const figures: Figure[] = [];
  const notes: string[] = [];
  try {
    stack = await startStack("phone", undefined, { PLATFORM_RATE_LIMIT: String(BIG_RATE_LIMIT) });
    await raiseSandboxLimit(stack);
    const admin = new SignedIn(chromium, stack, /Clinic admin/);
    const session = await (
      await fetch(`${stack.appUrl}/api/auth/session`, { headers: { cookie: await admin.cookie() } })
    ).json();
    const s = stack;
    await admin.run("entering the clinic key", (c) => activateClinicKey(c, s, session.user.clinicId));
    // A busy machine may store them slowly: the pages are measured all the same, and the note says so.
    const shown = await fillTimeline(stack, session.user.clinicId, await admin.cookie());
    if (shown < TIMELINE_PAGE_SIZE)
      notes.push(
        `The clinic's timeline showed ${shown} of the ${CLINIC_DAY_EVENTS} events the sandbox made after two minutes: the events page was measured with that many rows, not a full page of ${TIMELINE_PAGE_SIZE}.`,
      );
    const people: Record<string, SignedIn> = {
      practitioner: new SignedIn(chromium, stack, /\(Practitioner\)/),
      "front desk": new SignedIn(chromium, stack, /Front desk/),
      "clinic admin": admin,
    };
    const pages = selectPages(await pagesOf(stack, people), process.env.BENCH_PAGES);
    const index = await lh.calibrate(`${stack.appUrl}${BASELINE}`);
    notes.push(
      `Lighthouse 12.2.3, mobile preset (slow 4G: 150 ms round trip, 1.6 Mbit/s; simulated), the CPU slowed ${lh.slowdown}× for this host (its benchmark index ${Math.round(index)} ÷ ${INDEX_PER_SLOWDOWN}, between 1 and 4). Each page run ${RUNS} times with the person's session cookie; the figures are the run with the median performance score. JS and HTML: bytes transferred (compressed) for the page's scripts and its document.`,
    );
    const baselineRuns: Run[] = [];
    for (let i = 0; i < RUNS; i++) baselineRuns.push(await lh.run(`${stack.appUrl}${BASELINE}`, null));
    const baseline = medianRun(baselineRuns);
    console.log(
      `  baseline ${BASELINE}: ${baselineRuns.map((r) => r.performance).join(", ")} (median: TBT ${Math.round(baseline.blockingMs)} ms, LCP ${Math.round(baseline.paintMs)} ms)`,
    );
    notes.push(
      `Baseline: the sign-in page, signed out: performance ${baseline.performance}, TBT ${Math.round(baseline.blockingMs)} ms, LCP ${(baseline.paintMs / 1000).toFixed(1)} s, JS ${Math.round(baseline.scriptKiB)} KiB, HTML ${Math.round(baseline.htmlKiB)} KiB.`,
    );
    for (const page of pages) {
      try {
        const cookie = await people[page.role].cookie();
        const runs: Run[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await lh.run(`${stack.appUrl}${page.path}`, cookie));
        figures.push(...pageFigures(page, runs, baseline));
        const m = medianRun(runs);
        console.log(
          `  ${page.role} ${page.path}: ${runs.map((r) => r.performance).join(", ")} (median: TBT ${Math.round(m.blockingMs)} ms, LCP ${Math.round(m.paintMs)} ms, CLS ${m.shift.toFixed(3)})`,
        );
        console.log(`    spent: ${spentOf(m.lhr)}`);
        await keepReport(page, m);
      } catch (error) {
        figures.push(
          unmeasured(`${page.role}: ${page.label} (${page.path}): performance`, "score", reasonOf(error), "≥ 90"),
        );
      }
    }
  } finally {
    await lh.close();
    await chromium.close();
    await stack?.stop();
  }
  return [
    {
      id: "phone",
      title: "Phone: each signed-in page of each role under Lighthouse's mobile preset",
      command: `${benchCommand("phone")}${process.env.BENCH_PAGES ? ` --pages=${process.env.BENCH_PAGES}` : ""}`,
      baseline: "the sign-in page (signed out), run through Lighthouse the same way in the same run",
      figures,
      notes,
      seconds: (performance.now() - started) / 1000,
    },
  ];
}
