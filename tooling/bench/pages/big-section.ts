// The large clinic's part of the pages benchmark: its lists and searches next door and at the
// platform's distance (traced), chromium's own timing of the library, and the platform alone
// answering the same calls, at each distance. A measure that fails says why in its figures' place.
import type { TracedRequest } from "@/lib/contract";
import { readTrace, replayAlone, setDistance, startTrace, stopTrace } from "@/tooling/bench/distance";
import { measure, type Measured } from "@/tooling/bench/measured";
import { figure, unmeasured, type Figure } from "@/tooling/bench/result";
import { round, summarize } from "@/tooling/bench/stats";
import { distanceOf, measuredDistanceFigures, type Distance } from "@/tooling/bench/pages/at-distance";
import { SignedIn, type Chromium } from "@/tooling/bench/pages/chromium";
import {
  BIG_CLINIC,
  BIG_ROWS,
  BIG_RUNS,
  measureBigClinic,
  platformHeadersOf,
  type BigRow,
} from "@/tooling/bench/pages/large-clinic";
import type { Section } from "@/tooling/bench/pages/main-section";
import { BIG_RATE_LIMIT, raiseSandboxLimit, startStack, type Stack } from "@/tooling/bench/pages/stack";
import { browserTimes } from "@/tooling/bench/pages/timing";

/** The library's search: a first page, then the rest at once. */
const SEARCH_CALLS_GOAL = 2;
/** The library's first page with a large clinic: at most the platform's own time plus this. */
const FIRST_PAGE_OVER_PLATFORM_MS = 50;

type Alone = Measured<{ far: Array<number | null>; near: Array<number | null> }>;

/** One round of the large clinic's rows; when it fails whole, each row says why. */
async function roundOf(practitioner: SignedIn, tag: string): Promise<BigRow[]> {
  const what = `the large clinic's lists (round ${tag})`;
  const rows = await measure(what, () =>
    practitioner.run(what, (context) => measureBigClinic(context, practitioner.stack, tag)),
  );
  return rows.ok ? rows.value : BIG_ROWS.map((label) => ({ label, times: { ok: false, why: rows.why } }));
}

/**
 * The platform alone: the same calls of the slowest traced run of each, with the same overlap, sent
 * straight to the sandbox with a token of the same practitioner, first at the distance, then next door.
 */
async function platformAlone(
  practitioner: SignedIn,
  distances: Array<Distance | null>,
): Promise<{ far: Array<number | null>; near: Array<number | null> }> {
  const { stack } = practitioner;
  const headers = await platformHeadersOf(await practitioner.cookie(), stack);
  const alone = async () => {
    const out: Array<number | null> = [];
    for (const d of distances) {
      const times: number[] = [];
      for (let i = 0; d && i < 5; i++) times.push(await replayAlone(stack.sandboxUrl, headers, d.levels));
      out.push(d ? summarize(times).p50 : null);
    }
    return out;
  };
  const far = await alone();
  await setDistance(stack.sandboxUrl, 0);
  return { far, near: await alone() };
}

export async function bigSection(
  chromium: Chromium,
  latencyMs: number,
  baselineP95: number,
  stacks: Stack[],
): Promise<Section> {
  const big = await startStack("pages_big", BIG_CLINIC, { PLATFORM_RATE_LIMIT: String(BIG_RATE_LIMIT) });
  stacks.push(big);
  await raiseSandboxLimit(big);
  const practitioner = new SignedIn(chromium, big, /\(Practitioner\)/);
  // One untimed round first: the server's first renders of these pages and actions (compiling,
  // caches) would otherwise fall on the next-door round only.
  await roundOf(practitioner, "w");
  const nearRows = await roundOf(practitioner, "a");
  await setDistance(big.sandboxUrl, latencyMs);
  await startTrace(big.sandboxUrl);
  const farRows = await roundOf(practitioner, "b");
  const trace = await readTrace(big.sandboxUrl);
  await stopTrace(big.sandboxUrl);
  const what = "chromium's own timing of the library";
  const library = `${big.appUrl}/resources`;
  const inChromium = await measure(what, () => practitioner.run(what, (c) => browserTimes(c, library)));
  const distances = farRows.map((row) => (row.times.ok ? distanceOf(trace, row.times.value.runs) : null));
  const alone = await measure("the platform alone", () => platformAlone(practitioner, distances));
  return {
    figures: nearRows.flatMap((row, i) =>
      bigRowFigures({ near: row, far: farRows[i], trace, alone, i }, baselineP95, latencyMs),
    ),
    notes: [
      `Large clinic: the sandbox seeded with ${BIG_CLINIC.patientsPerClinic.toLocaleString("en")} patients and ${(BIG_CLINIC.resourcesPerPractitioner * BIG_CLINIC.practitionersPerClinic).toLocaleString("en")} practitioner resources per clinic; each row timed ${BIG_RUNS} times after one untimed: a search from chromium's timing of its server action, a list's first page from the request to the document's end. The app's and the sandbox's rate limits are raised to ${BIG_RATE_LIMIT.toLocaleString("en")} calls for this stack (the runs would use up one person's share otherwise).`,
      inChromium.ok
        ? `The library's and the patients' first pages are timed from the request to the document's end (the rows in it), with the session's cookies, as the main pages are. For the library, chromium's own timing of the same navigation, on these same two cores, at ${latencyMs} ms: first byte at ${round(inChromium.value.start)} ms and the document's end at ${round(inChromium.value.end)} ms (p50 of 10).`
        : `The library's and the patients' first pages are timed from the request to the document's end (the rows in it), with the session's cookies, as the main pages are. For the library, chromium's own timing of the same navigation: not measured: ${inChromium.why}.`,
      `The platform alone: the calls the slowest traced run of each action made, sent again straight to the sandbox with a token of the same practitioner, the calls the run made at once again at once and the rest in turn, 5 times at each distance.`,
    ],
  };
}

/** Why a figure built from several measures has no value: the first of them that failed. */
const whyNot = (...measures: Array<Measured<unknown> | { ok: false; why: string } | null>) =>
  measures.find((m): m is { ok: false; why: string } => m !== null && !m.ok)?.why ??
  "the platform alone had no traced run to replay";

/** One list or search of the large clinic: next door, the platform alone, and at the distance. */
function bigRowFigures(
  rows: { near: BigRow; far: BigRow; trace: readonly TracedRequest[]; alone: Alone; i: number },
  baselineP95: number,
  latencyMs: number,
): Figure[] {
  const { near, far, trace, alone, i } = rows;
  const label = `large clinic: ${near.label}`;
  const hasBaseline = !Number.isNaN(baselineP95);
  const aloneNear = alone.ok ? alone.value.near[i] : null;
  const aloneFar = alone.ok ? alone.value.far[i] : null;
  const firstPage = near.label.includes("library's first page");
  const aloneAt0 = `${label}, the platform alone for the same calls at 0 ms (p50 of 5) vs server time p50 at 0 ms`;
  const farVsAlone = `${label}, server time p50 at ${latencyMs} ms vs the platform alone for the same calls (p50 of 5)`;
  const farGoal = firstPage ? `≤ platform + ${FIRST_PAGE_OVER_PLATFORM_MS} ms` : null;
  return [
    near.times.ok
      ? figure({
          name: `${label}, server time p95`,
          value: round(near.times.value.p95),
          unit: "ms",
          baseline: hasBaseline ? round(baselineP95) : null,
          ratio: hasBaseline ? round(near.times.value.p95 / baselineP95) : null,
        })
      : unmeasured(`${label}, server time p95`, "ms", near.times.why),
    near.times.ok && aloneNear !== null
      ? figure({
          name: aloneAt0,
          value: round(aloneNear),
          unit: "ms",
          baseline: round(near.times.value.p50),
          ratio: round(aloneNear / near.times.value.p50),
          goal: null,
        })
      : unmeasured(aloneAt0, "ms", whyNot(near.times, alone, far.times)),
    ...measuredDistanceFigures(
      label,
      latencyMs,
      near.times,
      far.times,
      trace,
      near.label.includes("search of the whole library") ? SEARCH_CALLS_GOAL : 1,
    ),
    far.times.ok && aloneFar !== null
      ? figure({
          name: farVsAlone,
          value: round(far.times.value.p50),
          unit: "ms",
          baseline: round(aloneFar),
          ratio: round(far.times.value.p50 / aloneFar),
          goal: farGoal,
          pass: firstPage ? far.times.value.p50 <= aloneFar + FIRST_PAGE_OVER_PLATFORM_MS : null,
        })
      : unmeasured(farVsAlone, "ms", whyNot(far.times, alone), farGoal),
  ];
}
