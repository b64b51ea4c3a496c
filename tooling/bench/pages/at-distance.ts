// What the platform's trace says about a series of timed runs of one page or action (the calls one
// run made one after another), and the figures of that page or action at the platform's distance
// against its floor, or, where one side was not measured, why in their place.
import type { TracedRequest } from "@/lib/contract";
import { FLOOR_FACTOR, criticalPath, floorOf, within } from "@/tooling/bench/distance";
import type { Measured } from "@/tooling/bench/measured";
import { figure, unmeasured, type Figure } from "@/tooling/bench/result";
import { round } from "@/tooling/bench/stats";
import type { Timed } from "@/tooling/bench/pages/timing";

export interface Distance {
  /** The most platform calls one run made one after another. */
  calls: number;
  /** That run's calls by level (for replaying them alone). */
  levels: TracedRequest[][];
  /** Platform calls per run, on average. */
  perRun: number;
}

export function distanceOf(trace: readonly TracedRequest[], runs: readonly Timed[]): Distance {
  let worst = { calls: 0, levels: [] as TracedRequest[][] };
  let total = 0;
  for (const run of runs) {
    const mine = within(trace, run.from, run.to);
    total += mine.length;
    const path = criticalPath(mine);
    if (path.calls > worst.calls) worst = path;
  }
  return { ...worst, perRun: runs.length ? total / runs.length : 0 };
}

const callsName = (label: string, latencyMs: number) =>
  `${label}: platform calls one after another (critical path), at ${latencyMs} ms`;
const callsGoalText = (callsGoal: number) => `≤ ${callsGoal} (baseline: calls per request)`;
const floorGoal = `≤ ${FLOOR_FACTOR}× floor`;

function callsFigure(label: string, latencyMs: number, distance: Distance, callsGoal: number): Figure {
  return figure({
    name: callsName(label, latencyMs),
    value: distance.calls,
    unit: "calls",
    baseline: round(distance.perRun, 1),
    ratio: null,
    goal: callsGoalText(callsGoal),
    pass: distance.calls <= callsGoal,
  });
}

/** Figures of one page or action at the platform's distance against its floor. */
export function distanceFigures(
  label: string,
  latencyMs: number,
  nextDoorMs: number,
  farMs: number,
  distance: Distance,
  callsGoal: number,
): Figure[] {
  const floor = floorOf(distance.calls, latencyMs, nextDoorMs);
  const ratio = farMs / floor;
  return [
    callsFigure(label, latencyMs, distance, callsGoal),
    figure({
      name: `${label}: server time p95 at ${latencyMs} ms vs its floor (${distance.calls} × ${latencyMs} ms + ${round(nextDoorMs)} ms at 0 ms)`,
      value: round(farMs),
      unit: "ms",
      baseline: round(floor),
      ratio: round(ratio),
      goal: floorGoal,
      pass: ratio <= FLOOR_FACTOR,
    }),
  ];
}

/** The same from measures that may have failed: what was measured, and why in place of the rest. */
export function measuredDistanceFigures(
  label: string,
  latencyMs: number,
  nextDoor: Measured<{ p95: number }>,
  far: Measured<{ p95: number; runs: Timed[] }>,
  trace: readonly TracedRequest[],
  callsGoal: number,
): Figure[] {
  const serverTime = `${label}: server time p95 at ${latencyMs} ms vs its floor`;
  if (!far.ok)
    return [
      unmeasured(callsName(label, latencyMs), "calls", far.why, callsGoalText(callsGoal)),
      unmeasured(serverTime, "ms", far.why, floorGoal),
    ];
  const distance = distanceOf(trace, far.value.runs);
  if (!nextDoor.ok)
    return [callsFigure(label, latencyMs, distance, callsGoal), unmeasured(serverTime, "ms", nextDoor.why, floorGoal)];
  return distanceFigures(label, latencyMs, nextDoor.value.p95, far.value.p95, distance, callsGoal);
}
