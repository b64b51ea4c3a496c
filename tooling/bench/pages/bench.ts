// Benchmark: the pages people open. The built app (its own server) and the sandbox, each in its own
// process, on a scratch database holding a million events of the signed-in clinic. Signed in through
// the sandbox's authorize page in Debian's chromium (as a practitioner and as the clinic's admin),
// then each main page's server time to first byte is timed with the session's cookies, one request
// at a time, against the app's own static not-found page in the same run. The JavaScript each page
// ships is what chromium loads for it on a first visit, compressed as the server sends it (gzip).
// A second sandbox seeded as a large clinic (10,000 patients, 2,000 resources) gives the resources
// and patients pages' server time at that size, library search included. The parts: main-section.ts
// and big-section.ts; `--section=main|big` runs one of them.
import { FLOOR_FACTOR, benchLatencyMs } from "@/tooling/bench/distance";
import { benchCommand, type BenchResult, type Figure } from "@/tooling/bench/result";
import { ensureBuiltApp } from "@/tooling/bench/support";
import { bigSection } from "@/tooling/bench/pages/big-section";
import { Chromium } from "@/tooling/bench/pages/chromium";
import { mainSection } from "@/tooling/bench/pages/main-section";
import { BIG_RATE_LIMIT, type Stack } from "@/tooling/bench/pages/stack";

const PART_TITLE: Record<string, string> = { main: " (the main stack)", big: " (the large clinic)" };

/** `--section=main|big`: one part of the benchmark (while developing); both by default. */
function sections(): { main: boolean; big: boolean } {
  const only = process.env.BENCH_SECTION ?? "";
  if (only !== "" && only !== "main" && only !== "big") throw new Error(`--section must be main or big, not ${only}`);
  return { main: only !== "big", big: only !== "main" };
}

export async function benchPages(): Promise<BenchResult[]> {
  const started = performance.now();
  const latencyMs = benchLatencyMs();
  const part = sections();
  await ensureBuiltApp();
  const chromium = new Chromium();
  const stacks: Stack[] = [];
  const figures: Figure[] = [];
  const notes: string[] = [];
  try {
    let baselineP95 = Number.NaN;
    if (part.main) {
      const main = await mainSection(chromium, latencyMs, stacks);
      baselineP95 = main.baselineP95;
      figures.push(...main.figures);
      notes.push(...main.notes);
    }
    if (part.big) {
      const big = await bigSection(chromium, latencyMs, baselineP95, stacks);
      figures.push(...big.figures);
      notes.push(...big.notes);
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
    await chromium.close();
    for (const s of stacks.reverse()) await s.stop().catch(() => undefined);
  }
}
