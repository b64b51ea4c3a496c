// The main stack's part of the pages benchmark: the seeded clinics plus a million events of the
// signed-in clinic; each main page of a practitioner and of the admin, the export and the add-patient
// action, next door and with the platform at its distance (every call traced); and the time a new
// event takes to reach the open timeline. A measure that fails says why in its figures' place.
import type { TracedRequest } from "@/lib/contract";
import { readTrace, setDistance, startTrace, stopTrace } from "@/tooling/bench/distance";
import { measure, type Measured } from "@/tooling/bench/measured";
import { figure, unmeasured, type Figure } from "@/tooling/bench/result";
import { round, summarize, timeRuns } from "@/tooling/bench/stats";
import { fillEvents } from "@/tooling/bench/timeline-data";
import { withClient } from "@/tooling/testing/database";
import { addPatientFigures, timeAddPatient } from "@/tooling/bench/pages/add-patient";
import { ARRIVALS_NOTE, arrivalFigures, measureArrivals } from "@/tooling/bench/pages/arrivals";
import { SignedIn, type Chromium } from "@/tooling/bench/pages/chromium";
import { EXPORT_NOTE, SMALL_EXPORT_TYPE, exportFigure, measureExport } from "@/tooling/bench/pages/export";
import { BIG_RATE_LIMIT, raiseSandboxLimit, startStack, type Stack } from "@/tooling/bench/pages/stack";
import { measurePages, pageFigures, patientCasePages, type PageList, type PageRow } from "@/tooling/bench/pages/table";
import { ttfb, type Timed } from "@/tooling/bench/pages/timing";

const RUNS = 60;
const EVENTS = 1_000_000;
const NOT_FOUND = "/bench-no-such-page";
/** Timed runs of each page at the platform's distance (each traced): fewer, as each costs the latency. */
export const RUNS_AT_DISTANCE = 20;

export interface Section {
  figures: Figure[];
  notes: string[];
}

interface MainStack {
  stack: Stack;
  admin: SignedIn;
  practitioner: SignedIn;
  clinicId: string;
  fillSeconds: number;
}

async function openMainStack(chromium: Chromium, stacks: Stack[]): Promise<MainStack> {
  // The runs read the same pages hundreds of times within the platform's window: with the quota
  // counting, one person's share would be spent and the later runs would not call the platform.
  const stack = await startStack("pages", undefined, { PLATFORM_RATE_LIMIT: String(BIG_RATE_LIMIT) });
  stacks.push(stack);
  await raiseSandboxLimit(stack);
  // The first to sign in to a clinic is its first admin today; the clinic admin signs in first
  // either way, so this holds whichever rule gives a clinic its admin.
  const admin = new SignedIn(chromium, stack, /Clinic admin/);
  await admin.cookie();
  const practitioner = new SignedIn(chromium, stack, /\(Practitioner\)/);
  const session = await (
    await fetch(`${stack.appUrl}/api/auth/session`, { headers: { cookie: await practitioner.cookie() } })
  ).json();
  const clinicId: string = session.user.clinicId;
  const fillStarted = performance.now();
  await withClient(stack.database.url, (c) => fillEvents(c, EVENTS, clinicId));
  return { stack, admin, practitioner, clinicId, fillSeconds: (performance.now() - fillStarted) / 1000 };
}

/** The practitioner's and the admin's pages; the case pages as the practitioner's links give them. */
async function pageLists(main: MainStack): Promise<{ practitioner: PageList; admin: PageList; note?: string }> {
  const what = "finding a patient's case pages";
  const casePages = await measure(what, () => main.practitioner.run(what, (c) => patientCasePages(c, main.stack)));
  return {
    practitioner: [
      { label: "home", path: "/" },
      { label: "resources", path: "/resources" },
      { label: "patients", path: "/patients" },
      { label: `events (${EVENTS.toLocaleString("en")} stored)`, path: "/events" },
      ...(casePages.ok ? casePages.value : []),
    ],
    admin: [
      { label: "admin overview", path: "/admin" },
      { label: "webhook deliveries", path: "/admin/webhooks" },
    ],
    note: casePages.ok ? undefined : `A patient's case pages: not measured: ${casePages.why}.`,
  };
}

const addPatients = (main: MainStack, tag: string): Promise<Measured<Timed[]>> => {
  const what = `adding patients (${tag})`;
  return measure(what, () => main.practitioner.run(what, (c) => timeAddPatient(c, main.stack, tag, RUNS_AT_DISTANCE)));
};

/** The same pages and action with the platform at its distance, every platform call traced. */
async function atDistance(
  main: MainStack,
  lists: { practitioner: PageList; admin: PageList },
  latencyMs: number,
): Promise<{ pages: PageRow[]; added: Measured<Timed[]>; trace: TracedRequest[] }> {
  const { stack, practitioner, admin } = main;
  await setDistance(stack.sandboxUrl, latencyMs);
  await startTrace(stack.sandboxUrl);
  const pages = [
    ...(await measurePages(practitioner, lists.practitioner, { measureJs: false, runs: RUNS_AT_DISTANCE })),
    ...(await measurePages(admin, lists.admin, { measureJs: false, runs: RUNS_AT_DISTANCE })),
  ];
  const added = await addPatients(main, "far");
  const trace = await readTrace(stack.sandboxUrl);
  await stopTrace(stack.sandboxUrl);
  await setDistance(stack.sandboxUrl, 0);
  return { pages, added, trace };
}

/** The export's figure from its two measures, or why one of them failed. */
async function exportFigures(main: MainStack): Promise<Figure> {
  // A small export first (one type of event), then everything: streamed, the server's memory at
  // its peak is about the same for both.
  const cookie = await main.practitioner.cookie();
  const small = await measure("the small export", () =>
    measureExport(main.stack, cookie, `?type=${SMALL_EXPORT_TYPE}`),
  );
  const all = await measure("the whole export", () => measureExport(main.stack, cookie));
  const name = "events CSV export: app server RSS peak";
  if (!small.ok) return unmeasured(name, "MiB", small.why);
  if (!all.ok) return unmeasured(name, "MiB", all.why);
  return exportFigure(all.value, small.value, EVENTS);
}

export async function mainSection(
  chromium: Chromium,
  latencyMs: number,
  stacks: Stack[],
): Promise<Section & { baselineP95: number }> {
  const main = await openMainStack(chromium, stacks);
  const { stack, admin, practitioner } = main;
  const baseline = summarize(await timeRuns(() => ttfb(`${stack.appUrl}${NOT_FOUND}`, ""), RUNS, 5));
  const lists = await pageLists(main);
  const practitionerPages = await measurePages(practitioner, lists.practitioner, { measureJs: true, runs: RUNS });
  const exported = await exportFigures(main);
  const adminPages = await measurePages(admin, lists.admin, { measureJs: true, runs: RUNS });
  const added = await addPatients(main, "near");
  const far = await atDistance(main, lists, latencyMs);
  const what = "the time to a new event";
  const arrivals = await measure(what, () => measureArrivals(practitioner, admin, stack, main.clinicId));
  return {
    baselineP95: baseline.p95,
    figures: [
      figure({ name: "baseline: not-found page p95", value: round(baseline.p95), unit: "ms" }),
      ...pageFigures([...practitionerPages, ...adminPages], far.pages, far.trace, baseline.p95, latencyMs),
      ...addPatientFigures(added, far.added, far.trace, latencyMs),
      exported,
      ...arrivalFigures(arrivals),
    ],
    notes: [
      ARRIVALS_NOTE,
      `The built app server and the sandbox in their own processes; ${EVENTS.toLocaleString("en")} events of the signed-in clinic written with INSERT … SELECT in ${main.fillSeconds.toFixed(0)} s.`,
      `${RUNS} timed requests per page after 5 untimed, one at a time, with the session's cookies (time to the response's headers; the body is then read whole).`,
      "JavaScript: every script chromium loads on a first visit of the page (no cache), each gzip-compressed here, summed.",
      EXPORT_NOTE,
      ...(lists.note ? [lists.note] : []),
    ],
  };
}
