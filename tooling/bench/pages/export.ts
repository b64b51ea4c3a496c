// The timeline's CSV export of every stored event of the clinic, read as fast as it comes, while the
// app server's resident memory is sampled: it streams, so memory must not grow with the rows.
import { figure, type Figure } from "@/tooling/bench/result";
import { round } from "@/tooling/bench/stats";
import { residentMiB, sampleResident, sleep } from "@/tooling/bench/support";
import type { Stack } from "@/tooling/bench/pages/stack";

/** The export streams: all events cost the server about the memory one type's events cost. */
const EXPORT_RSS_GOAL_RATIO = 1.5;
export const SMALL_EXPORT_TYPE = "patient.created";

export interface Exported {
  before: number;
  peak: number;
  seconds: number;
  bytes: number;
  rows: number;
}

export async function measureExport(stack: Stack, cookie: string, query = ""): Promise<Exported> {
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

/** The whole export's peak against one type's, for `events` stored events. */
export function exportFigure(exported: Exported, exportedSmall: Exported, events: number): Figure {
  return figure({
    name: `events CSV export, all ${exported.rows.toLocaleString("en")} rows (${round(exported.bytes / 1024 / 1024, 1)} MiB in ${round(exported.seconds, 1)} s) vs one type's ${exportedSmall.rows.toLocaleString("en")}: app server RSS peak`,
    value: round(exported.peak, 1),
    unit: "MiB",
    baseline: round(exportedSmall.peak, 1),
    ratio: round(exported.peak / exportedSmall.peak),
    goal: `≤ ${EXPORT_RSS_GOAL_RATIO}× for ${round(exported.rows / Math.max(exportedSmall.rows, 1), 0)}× the rows`,
    pass: exported.peak / exportedSmall.peak <= EXPORT_RSS_GOAL_RATIO && exported.rows > events / 2,
  });
}

export const EXPORT_NOTE =
  "Export: GET /api/events/export as the practitioner, read whole, first with ?type=patient.created, then with no filter; the app server's VmRSS sampled every 50 ms during each, the peak of the whole export against the peak of the small one.";
