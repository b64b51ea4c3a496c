// What a benchmark reports: figures measured against a baseline of the same run (absolute times on
// a shared machine drift; ratios much less), each with its goal, and the command that reproduces it.
// Children write this as JSON; the runner prints it and writes BENCHMARKS.md.
import { z } from "zod";

export const FigureSchema = z.object({
  name: z.string(),
  /** Null when this run could not measure it: `why` says why, in place of the value. */
  value: z.number().nullable(),
  unit: z.string(),
  /** The same quantity for the baseline, when there is one. */
  baseline: z.number().nullable(),
  /** value ÷ baseline (or the ratio the goal is stated in). */
  ratio: z.number().nullable(),
  goal: z.string().nullable(),
  pass: z.boolean().nullable(),
  why: z.string().optional(),
});
export type Figure = z.infer<typeof FigureSchema>;

export const BenchResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  command: z.string(),
  /** What the baseline is, in a sentence. */
  baseline: z.string(),
  figures: z.array(FigureSchema),
  notes: z.array(z.string()),
  seconds: z.number(),
  /** Set when the benchmark did not finish: why, in words, in place of all its figures. */
  unfinished: z.string().optional(),
});
export type BenchResult = z.infer<typeof BenchResultSchema>;

export function figure(f: Partial<Figure> & Pick<Figure, "name" | "value" | "unit">): Figure {
  return { baseline: null, ratio: null, goal: null, pass: null, ...f };
}

/** A figure this run could not measure: its place says why (an older figure would pass for this run's). */
export function unmeasured(name: string, unit: string, why: string, goal: string | null = null): Figure {
  return figure({ name, value: null, unit, goal, why });
}

export const benchCommand = (id: string) => `npm run bench -- ${id}`;

/** What each benchmark is, for the section of one that did not finish. */
const NAMES: Record<string, string> = {
  ingest: "Webhook ingest and the app server's memory",
  timeline: "Timeline",
  reconcile: "Reconciliation",
  refresh: "Token refresh",
  pages: "Pages",
  fairness: "Fairness",
  phone: "Phone",
};

/** The section of a benchmark (or of its part, `section`) that did not finish, saying why. */
export function unfinishedResult(id: string, section: string | undefined, why: string, seconds: number): BenchResult {
  return {
    id,
    title: `${NAMES[id] ?? id}${section ? ` (${section})` : ""}: not measured in this run`,
    command: `${benchCommand(id)}${section ? ` --section=${section}` : ""}`,
    baseline: "none: nothing was measured",
    figures: [],
    notes: [],
    seconds,
    unfinished: why,
  };
}
