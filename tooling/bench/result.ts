// What a benchmark reports: figures measured against a baseline of the same run (absolute times on
// a shared machine drift; ratios much less), each with its goal, and the command that reproduces it.
// Children write this as JSON; the runner prints it and writes BENCHMARKS.md.
import { z } from "zod";

export const FigureSchema = z.object({
  name: z.string(),
  value: z.number(),
  unit: z.string(),
  /** The same quantity for the baseline, when there is one. */
  baseline: z.number().nullable(),
  /** value ÷ baseline (or the ratio the goal is stated in). */
  ratio: z.number().nullable(),
  goal: z.string().nullable(),
  pass: z.boolean().nullable(),
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
});
export type BenchResult = z.infer<typeof BenchResultSchema>;

export function figure(f: Partial<Figure> & Pick<Figure, "name" | "value" | "unit">): Figure {
  return { baseline: null, ratio: null, goal: null, pass: null, ...f };
}

export const benchCommand = (id: string) => `npm run bench -- ${id}`;
