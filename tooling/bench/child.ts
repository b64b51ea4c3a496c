// One benchmark in its own process (run.ts starts it with the react-server condition, as Next.js
// runs server code): `node --conditions=react-server --import tsx tooling/bench/child.ts <id> <out.json>`.
import fs from "node:fs";
import type { BenchResult } from "@/tooling/bench/result";

const BENCHMARKS: Record<string, () => Promise<BenchResult[]>> = {
  ingest: async () => (await import("@/tooling/bench/ingest")).benchIngest(),
  pages: async () => (await import("@/tooling/bench/pages")).benchPages(),
  timeline: async () => (await import("@/tooling/bench/timeline")).benchTimeline(),
  reconcile: async () => (await import("@/tooling/bench/reconcile")).benchReconcile(),
  refresh: async () => (await import("@/tooling/bench/refresh")).benchRefresh(),
  fairness: async () => (await import("@/tooling/bench/fairness")).benchFairness(),
};
export const BENCHMARK_IDS = Object.keys(BENCHMARKS);

async function main(): Promise<void> {
  const [id, out] = process.argv.slice(2);
  const run = BENCHMARKS[id];
  if (!run || !out) throw new Error(`usage: child.ts <${BENCHMARK_IDS.join("|")}> <out.json>`);
  const results = await run();
  fs.writeFileSync(out, JSON.stringify(results, null, 2));
  process.exit(0); // pools and timers of the code under test must not keep a finished benchmark alive
}

if (process.argv[1]?.endsWith("child.ts")) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
