// The large clinic (10,000 patients, 2,000 resources; its own sandbox and database): the resources
// and patients lists as a practitioner sees them load, and a search of each, next door and at the
// platform's distance, against the platform alone answering the same calls.
import type { BrowserContext } from "@playwright/test";
import { machineLoad, reasonOf, type Measured } from "@/tooling/bench/measured";
import { summarize, type LatencySummary } from "@/tooling/bench/stats";
import { withClient } from "@/tooling/testing/database";
import { SandboxClient } from "@/sandbox/testing/harness";
import { closedByChromium } from "@/tooling/bench/pages/chromium";
import { cookieHeader, type Stack } from "@/tooling/bench/pages/stack";
import { actionTime, documentTime, type Timed } from "@/tooling/bench/pages/timing";

export const BIG_CLINIC = { patientsPerClinic: 10_000, resourcesPerPractitioner: 250, practitionersPerClinic: 8 };
export const BIG_RUNS = 10;
const SEARCH_TERMS = ["plan", "guide", "meal", "sheet", "book", "an", "el", "ro", "ma", "li", "st", "er"];

/** The lists and searches of the large clinic, in the order they are measured. */
export const BIG_ROWS = [
  "resources, the library's first page",
  "resources, a search of the whole library",
  "patients, the first page",
  "patients, a search by name",
] as const;

/** One list or search of the large clinic, timed BIG_RUNS times, or why it could not be. */
export interface BigRow {
  label: (typeof BIG_ROWS)[number];
  times: Measured<{ p95: number; p50: number; summary: LatencySummary; runs: Timed[] }>;
}

/**
 * One round of the large clinic's rows. A row that fails says why and the round goes on; chromium
 * closing under it ends the round, for the caller to run again on a fresh context.
 */
export async function measureBigClinic(context: BrowserContext, stack: Stack, round: string): Promise<BigRow[]> {
  const page = await context.newPage();
  const rows: BigRow[] = [];
  const measure = async (
    label: BigRow["label"],
    act: () => Promise<unknown>,
    timed = (a: typeof act) => actionTime(page, a),
  ) => {
    try {
      const runs: Timed[] = [];
      for (let i = 0; i < BIG_RUNS + 1; i++) {
        const t = await timed(act);
        if (i > 0) runs.push(t);
      }
      const summary = summarize(runs.map((r) => r.ms));
      rows.push({ label, times: { ok: true, value: { p95: summary.p95, p50: summary.p50, summary, runs } } });
    } catch (error) {
      if (closedByChromium(error)) throw error;
      rows.push({ label, times: { ok: false, why: `${label} failed (${machineLoad()}): ${reasonOf(error)}` } });
    }
  };
  // Each list's page arrives with its first page of rows (lib/resources/first-page.ts; the patients
  // page reads the page its address asks for), with no server action: timed from the request to the
  // document's end, the rows in it, as the main pages are timed (with the session's cookies).
  // Chromium's own timing, which also holds the browser's work on these same two cores, is a note
  // (browserTimes).
  const resources = `${stack.appUrl}/resources`;
  const patients = `${stack.appUrl}/patients`;
  const cookie = await cookieHeader(context, stack.appUrl);
  const firstPage = (url: string) => () => documentTime(url, cookie);
  await measure(BIG_ROWS[0], async () => undefined, firstPage(resources));
  // A new term each time: the page keeps the answers to terms it has asked before.
  const term = (() => {
    let n = 0;
    return () => `${SEARCH_TERMS[n % SEARCH_TERMS.length]}${n++ >= SEARCH_TERMS.length ? `${round}${n}` : ""}`;
  })();
  await page.goto(resources);
  const library = page.getByRole("search").getByLabel("Search by name");
  await measure(BIG_ROWS[1], () => library.fill(term()));
  await measure(BIG_ROWS[2], async () => undefined, firstPage(patients));
  await page.goto(patients);
  await measure(BIG_ROWS[3], () => page.getByLabel("Search patients").fill(term()));
  await page.close();
  return rows;
}

/** A bearer token of the practitioner whose session `cookie` is, from the sandbox's own sign-in. */
export async function platformHeadersOf(cookie: string, stack: Stack): Promise<Record<string, string>> {
  const session = await (await fetch(`${stack.appUrl}/api/auth/session`, { headers: { cookie } })).json();
  const platformUserId = await withClient(stack.database.url, async (c) => {
    const r = await c.query<{ platform_user_id: string }>("SELECT platform_user_id FROM users WHERE id = $1", [
      session.user.id,
    ]);
    return r.rows[0]?.platform_user_id;
  });
  if (!platformUserId) throw new Error("the signed-in practitioner has no platform user id");
  const client = new SandboxClient({ url: stack.sandboxUrl });
  const token = await client.signIn(platformUserId);
  return { authorization: `Bearer ${token.access_token}`, accept: "application/json" };
}
