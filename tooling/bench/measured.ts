// One measure of a benchmark that may fail on a busy machine (a statement cut at its bound, chromium
// closing a page, a wait running out): the benchmark goes on with the rest, and each figure of the
// failed measure says why in its place, with the machine's load at the time, instead of the whole
// benchmark failing (and BENCHMARKS.md keeping an older figure as if it were this run's).
import os from "node:os";

export type Measured<T> = { ok: true; value: T } | { ok: false; why: string };

/**
 * An error's message on one line, short enough for a table's cell. Prisma's opens with a line naming
 * the call and gives the database's own words (a statement cut at its bound, say) on later lines.
 */
export function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const words = message
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join(" ");
  return (words || "an error without a message").slice(0, 300);
}

/** The machine's load, said beside a failure: a busy machine explains most of them. */
export function machineLoad(): string {
  return `load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`;
}

export async function measure<T>(what: string, run: () => Promise<T>): Promise<Measured<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const why = `${what} failed (${machineLoad()}): ${reasonOf(error)}`;
    console.error(`  not measured: ${why}`);
    return { ok: false, why };
  }
}

/** A part of what a measure gave, or the same reason why there is none. */
export function partOf<T, K>(measured: Measured<T>, pick: (value: T) => K): Measured<K> {
  return measured.ok ? { ok: true, value: pick(measured.value) } : measured;
}
