// How the pages benchmark times a page or an action: with the session's cookies over fetch (the
// server's time to first byte, or to the document's end), or in chromium (its own timing of a
// navigation or of the server actions a step sends), and the JavaScript a first visit loads.
import { gzipSync } from "node:zlib";
import type { BrowserContext, Page, Response } from "@playwright/test";
import { summarize } from "@/tooling/bench/stats";

/** One timed request or action: its server time and its span on the wall clock (epoch ms). */
export interface Timed {
  ms: number;
  from: number;
  to: number;
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

/** A document requested with the session's cookies, from the request to its body's end. */
export async function documentTime(url: string, cookie: string): Promise<Timed> {
  const from = Date.now();
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return { ms: performance.now() - started, from: from - 1, to: Date.now() + 1 };
}

/** Compressed bytes of every script chromium loads for a first visit of `path` (cache off). */
export async function firstLoadJs(context: BrowserContext, url: string): Promise<number> {
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
export async function actionTime(page: Page, act: () => Promise<unknown>): Promise<Timed> {
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

/** The same page navigated in chromium: p50 of the first byte and of the document's end. */
export async function browserTimes(
  context: BrowserContext,
  url: string,
  runs = 10,
): Promise<{ start: number; end: number }> {
  const page = await context.newPage();
  await navigationTime(page, url); // untimed: the first visit
  const times: Array<Timed & { start: number }> = [];
  for (let i = 0; i < runs; i++) times.push(await navigationTime(page, url));
  await page.close();
  return { start: summarize(times.map((t) => t.start)).p50, end: summarize(times.map((t) => t.ms)).p50 };
}
