// One benchmark in its own process (run.ts starts it with the react-server condition, as Next.js
// runs server code): `node --conditions=react-server --import tsx tooling/bench/child.ts <id> <out.json>`.
import fs from "node:fs";
import { machineLoad, reasonOf } from "@/tooling/bench/measured";
import { unfinishedResult, type BenchResult } from "@/tooling/bench/result";

const BENCHMARKS: Record<string, () => Promise<BenchResult[]>> = {
  ingest: async () => (await import("@/tooling/bench/ingest")).benchIngest(),
  pages: async () => (await import("@/tooling/bench/pages/bench")).benchPages(),
  timeline: async () => (await import("@/tooling/bench/timeline")).benchTimeline(),
  reconcile: async () => (await import("@/tooling/bench/reconcile")).benchReconcile(),
  refresh: async () => (await import("@/tooling/bench/refresh")).benchRefresh(),
  fairness: async () => (await import("@/tooling/bench/fairness")).benchFairness(),
  phone: async () => (await import("@/tooling/bench/phone")).benchPhone(),
};
export const BENCHMARK_IDS = Object.keys(BENCHMARKS);

async function main(): Promise<void> {
  const [id, out] = process.argv.slice(2);
  const run = BENCHMARKS[id];
  if (!run || !out) throw new Error(`usage: child.ts <${BENCHMARK_IDS.join("|")}> <out.json>`);
  const started = performance.now();
  try {
    fs.writeFileSync(out, JSON.stringify(await run(), null, 2));
  } catch (error) {
    console.error(error);
    // Its section says why, in place of figures an older run measured.
    const why = `it failed (${machineLoad()}): ${reasonOf(error)}`;
    const seconds = (performance.now() - started) / 1000;
    fs.writeFileSync(out, JSON.stringify([unfinishedResult(id, process.env.BENCH_SECTION, why, seconds)], null, 2));
    process.exit(1);
  }
  process.exit(0); // pools and timers of the code under test must not keep a finished benchmark alive
}

if (process.argv[1]?.endsWith("child.ts")) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
