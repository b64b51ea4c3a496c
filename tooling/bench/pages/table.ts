// The pages table: each main page's server time to first byte with the session's cookies, one
// request at a time, and the JavaScript chromium loads for it on a first visit; the pages of a
// patient's case are found by following the practitioner's own links.
import type { BrowserContext, Locator } from "@playwright/test";
import type { TracedRequest } from "@/lib/contract";
import { epochMs } from "@/tooling/bench/distance";
import { measure, type Measured } from "@/tooling/bench/measured";
import { figure, unmeasured, type Figure } from "@/tooling/bench/result";
import { round, summarize, timeRuns, type LatencySummary } from "@/tooling/bench/stats";
import { measuredDistanceFigures } from "@/tooling/bench/pages/at-distance";
import type { SignedIn } from "@/tooling/bench/pages/chromium";
import type { Stack } from "@/tooling/bench/pages/stack";
import { firstLoadJs, ttfb, type Timed } from "@/tooling/bench/pages/timing";

const TTFB_GOAL_MS = 150;
const TTFB_GOAL_RATIO = 5;
const JS_GOAL_KB = 200;

export type PageList = Array<{ label: string; path: string }>;

export interface PageTimes {
  p95: number;
  ttfb: LatencySummary;
  runs: Timed[];
}

export interface PageRow {
  label: string;
  path: string;
  times: Measured<PageTimes>;
  /** Null when not asked for (at the distance). */
  jsBytes: Measured<number> | null;
}

async function timePage(url: string, cookie: string, runs: number): Promise<PageTimes> {
  const timed: Timed[] = [];
  const times = await timeRuns(
    async () => {
      const from = epochMs();
      const ms = await ttfb(url, cookie);
      timed.push({ ms, from, to: epochMs() });
    },
    runs,
    5,
  );
  const ttfbSummary = summarize(times);
  return { p95: ttfbSummary.p95, ttfb: ttfbSummary, runs: timed.slice(-runs) };
}

export async function measurePages(
  person: SignedIn,
  pages: PageList,
  options: { measureJs: boolean; runs: number },
): Promise<PageRow[]> {
  const { stack } = person;
  const cookie = await person.cookie();
  const rows: PageRow[] = [];
  for (const { label, path } of pages) {
    const url = `${stack.appUrl}${path}`;
    const times = await measure(`${label} (${path})`, () => timePage(url, cookie, options.runs));
    const what = `the JavaScript of ${label} (${path})`;
    const jsBytes = options.measureJs
      ? await measure(what, () => person.run(what, (context) => firstLoadJs(context, url)))
      : null;
    rows.push({ label, path, times, jsBytes });
  }
  return rows;
}

/**
 * A patient's case, as the practitioner reaches it: their treatment plans list, and from its first
 * plan, the patient's page (their plans, orders and lab orders from the platform's per-patient lists)
 * and the plan's own page; and the form that adds a patient.
 */
export async function patientCasePages(context: BrowserContext, stack: Stack): Promise<PageList> {
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

function ttfbFigure(name: string, times: Measured<PageTimes>, baselineP95: number): Figure {
  const fullName = `${name}: time to first byte p95`;
  const goal = `≤ ${TTFB_GOAL_RATIO}× and < ${TTFB_GOAL_MS} ms`;
  if (!times.ok) return unmeasured(fullName, "ms", times.why, goal);
  const ratio = times.value.p95 / baselineP95;
  return figure({
    name: fullName,
    value: round(times.value.p95),
    unit: "ms",
    baseline: round(baselineP95),
    ratio: round(ratio),
    goal,
    pass: ratio <= TTFB_GOAL_RATIO && times.value.p95 < TTFB_GOAL_MS,
  });
}

function jsFigure(name: string, jsBytes: Measured<number>): Figure {
  const fullName = `${name}: JavaScript on first load (gzip)`;
  const goal = `≤ ${JS_GOAL_KB} kB`;
  if (!jsBytes.ok) return unmeasured(fullName, "kB", jsBytes.why, goal);
  return figure({
    name: fullName,
    value: round(jsBytes.value / 1024, 1),
    unit: "kB",
    goal,
    pass: jsBytes.value / 1024 <= JS_GOAL_KB,
  });
}

/** Each page's figures: next door against the not-found page, its JavaScript, and at the distance. */
export function pageFigures(
  near: PageRow[],
  far: PageRow[],
  trace: readonly TracedRequest[],
  baselineP95: number,
  latencyMs: number,
): Figure[] {
  return near.flatMap((row, i) => {
    const name = `${row.label} (${row.path})`;
    return [
      ttfbFigure(name, row.times, baselineP95),
      ...(row.jsBytes ? [jsFigure(name, row.jsBytes)] : []),
      ...measuredDistanceFigures(name, latencyMs, row.times, far[i].times, trace, 1),
    ];
  });
}
