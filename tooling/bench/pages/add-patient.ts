// The add-patient form's action as the practitioner sends it: the documented create, then the new
// patient's page, timed in chromium from the request's start to the action's first byte.
import type { BrowserContext } from "@playwright/test";
import type { TracedRequest } from "@/lib/contract";
import { partOf, type Measured } from "@/tooling/bench/measured";
import { figure, unmeasured, type Figure } from "@/tooling/bench/result";
import { round, summarize } from "@/tooling/bench/stats";
import { measuredDistanceFigures } from "@/tooling/bench/pages/at-distance";
import type { Stack } from "@/tooling/bench/pages/stack";
import { actionTime, type Timed } from "@/tooling/bench/pages/timing";

/** Adds `runs` patients through the form, each timed (after one untimed add). */
export async function timeAddPatient(
  context: BrowserContext,
  stack: Stack,
  tag: string,
  runs: number,
): Promise<Timed[]> {
  const page = await context.newPage();
  const timed: Timed[] = [];
  try {
    for (let i = 0; i <= runs; i++) {
      await page.goto(`${stack.appUrl}/patients/new`);
      const letters = `${tag}${i}`.replace(/\d/g, (d) => "abcdefghij"[Number(d)]);
      await page.getByLabel("First name", { exact: true }).fill("Bench");
      await page.getByLabel("Last name", { exact: true }).fill(`Patient ${letters}`);
      await page.getByLabel("Email", { exact: true }).fill(`bench.${letters}@mail.example`);
      const run = await actionTime(page, () => page.getByRole("button", { name: "Add patient" }).click());
      if (i > 0) timed.push(run);
    }
  } finally {
    await page.close();
  }
  return timed;
}

/** The action's server time next door, and at the distance against its floor. */
export function addPatientFigures(
  near: Measured<Timed[]>,
  far: Measured<Timed[]>,
  trace: readonly TracedRequest[],
  latencyMs: number,
): Figure[] {
  const label = "add a patient (the form's action)";
  const p95Of = (runs: Timed[]) => ({ p95: summarize(runs.map((t) => t.ms)).p95, runs });
  const [addNear, addFar] = [partOf(near, p95Of), partOf(far, p95Of)];
  return [
    addNear.ok
      ? figure({ name: `${label}: server time p95`, value: round(addNear.value.p95), unit: "ms" })
      : unmeasured(`${label}: server time p95`, "ms", addNear.why),
    ...measuredDistanceFigures(label, latencyMs, addNear, addFar, trace, 1),
  ];
}
