// Time to a new event on the timeline: the sandbox emits a patient.created (its webhook delivered to
// the app at once), the timeline open in chromium shows the row. The send time is taken before the
// sandbox is asked, so the figure includes all of it. Beside it the bench polls the timeline's head
// every 25 ms with the same session: how soon the event was stored and visible to a poll; the rest
// is the page's polling and its refetch. Sends are spread over a second so they meet the page's poll
// at different points of its interval.
import type { BrowserContext } from "@playwright/test";
import type { Measured } from "@/tooling/bench/measured";
import { figure, unmeasured, type Figure } from "@/tooling/bench/result";
import { round, summarize, type LatencySummary } from "@/tooling/bench/stats";
import { sleep } from "@/tooling/bench/support";
import type { SignedIn } from "@/tooling/bench/pages/chromium";
import { cookieHeader, type Stack } from "@/tooling/bench/pages/stack";

/** New events sent for the time-to-the-timeline figure, and its goal (p95). */
const ARRIVALS = 20;
const ARRIVAL_GOAL_MS = 2000;

export interface Arrivals {
  /** The platform's send to the row in the browser's timeline. */
  shown: LatencySummary;
  /** The platform's send to the timeline's head (GET /api/events/head) moving: stored and visible to a poll. */
  stored: LatencySummary;
}

export async function measureArrivals(
  practitioner: SignedIn,
  admin: SignedIn,
  stack: Stack,
  clinicId: string,
): Promise<Arrivals> {
  await admin.run("entering the clinic key", (context) => activateClinicKey(context, stack, clinicId));
  // Names of their own on each attempt: a row an earlier attempt brought must not pass for this one's.
  const tag = Math.random().toString(36).slice(2, 7);
  return practitioner.run("the time to a new event", (context) => arrivalsIn(context, stack, clinicId, tag));
}

async function arrivalsIn(context: BrowserContext, stack: Stack, clinicId: string, tag: string): Promise<Arrivals> {
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
    const [first, last] = [`Arrival${i}`, `Bench${i}${tag}`];
    const sent = performance.now();
    await emitActivity(stack, clinicId, "patient.created", { first_name: first, last_name: last });
    let waiting = true;
    const storedAt = (async () => {
      while (waiting && (await head()) === before) await sleep(25);
      return performance.now() - sent;
    })();
    try {
      await page.getByText(`${first} ${last}`).filter({ visible: true }).first().waitFor({ timeout: 30_000 });
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

/** Something happens in a clinic on the platform (the sandbox's activity); without `data`, a record of its own making. */
export async function emitActivity(
  stack: Stack,
  clinicId: string,
  type: string,
  data?: Record<string, unknown>,
): Promise<void> {
  const emitted = await fetch(`${stack.sandboxUrl}/__sandbox/activity`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ clinic_id: clinicId, type, data }),
  });
  if (!emitted.ok) throw new Error(`the sandbox's activity answered ${emitted.status}`);
}

/**
 * The platform sends a clinic's events only once its integration is active: the admin enters the
 * clinic's key in the console (Admin → Clinic key), as a clinic does, and the app's first call with
 * it activates it. Done last: from then on every platform call carries the key.
 */
export async function activateClinicKey(admin: BrowserContext, stack: Stack, clinicId: string): Promise<void> {
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

export function arrivalFigures(measured: Measured<Arrivals>): Figure[] {
  const p95Name = `time to a new event on the timeline: the platform's send to the row in the browser, p95 (${ARRIVALS} events) vs send to stored (the timeline's head moved)`;
  const p50Name = "time to a new event on the timeline: p50";
  if (!measured.ok)
    return [
      unmeasured(p95Name, "ms", measured.why, `< ${ARRIVAL_GOAL_MS} ms`),
      unmeasured(p50Name, "ms", measured.why),
    ];
  const arrivals = measured.value;
  return [
    figure({
      name: p95Name,
      value: round(arrivals.shown.p95),
      unit: "ms",
      baseline: round(arrivals.stored.p95),
      ratio: round(arrivals.shown.p95 / arrivals.stored.p95),
      goal: `< ${ARRIVAL_GOAL_MS} ms`,
      pass: arrivals.shown.p95 < ARRIVAL_GOAL_MS,
    }),
    figure({
      name: p50Name,
      value: round(arrivals.shown.p50),
      unit: "ms",
      baseline: round(arrivals.stored.p50),
      ratio: round(arrivals.shown.p50 / arrivals.stored.p50),
    }),
  ];
}

export const ARRIVALS_NOTE = `Time to a new event: ${ARRIVALS} patient.created events emitted by the sandbox (POST /__sandbox/activity; its webhook goes to the app at once, next door: the webhook's own distance is not added), each timed from before the sandbox is asked to the row's text in the practitioner's timeline in chromium; the baseline is the same send to the timeline's head (GET /api/events/head, polled every 25 ms by the bench) moving. The page polls its head every few seconds (components/events/use-timeline.ts, LIVE_POLL_MS), then refetches the list.`;
