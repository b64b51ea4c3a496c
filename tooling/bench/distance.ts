// The platform at a real distance, for the benchmarks: the sandbox's latency fault (with jitter),
// its trace of every /api request's arrival and finish, and what a trace says about one page or
// action: how many platform calls were made one after another (the critical path), and how long the
// platform itself takes for the same calls when they are made alone, in the same order and overlap.
import type { TracedRequest } from "@/lib/contract";

/** `npm run bench -- <id> --latency=<ms>`; the real platform is 50–200 ms away. */
export const DEFAULT_LATENCY_MS = 150;
/** Each call waits the latency ± this part of it, drawn evenly. */
export const JITTER_SHARE = 0.1;
/** A figure meets its goal within this factor of its floor. */
export const FLOOR_FACTOR = 1.2;

/** The latency the runner was given (run.ts passes it on as BENCH_LATENCY_MS). */
export function benchLatencyMs(): number {
  const raw = process.env.BENCH_LATENCY_MS;
  const ms = raw === undefined || raw === "" ? DEFAULT_LATENCY_MS : Number(raw);
  if (!Number.isInteger(ms) || ms < 0 || ms > 5_000)
    throw new Error(`--latency must be a whole number of milliseconds from 0 to 5000, not ${raw}`);
  return ms;
}

/** Milliseconds since the epoch, with fractions: the clock the sandbox's trace is written in. */
export const epochMs = (): number => performance.timeOrigin + performance.now();

async function control<T>(sandboxUrl: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${sandboxUrl}/__sandbox${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Puts the platform `latencyMs` away (± the jitter), or back next door with 0. */
export async function setDistance(sandboxUrl: string, latencyMs: number): Promise<void> {
  await control(sandboxUrl, "/faults", {
    latency_ms: latencyMs,
    jitter_ms: Math.round(latencyMs * JITTER_SHARE),
  });
}

/** Starts a new trace of the sandbox's /api requests (what was kept before is dropped). */
export async function startTrace(sandboxUrl: string): Promise<void> {
  await control(sandboxUrl, "/trace", { record: true });
}

export async function readTrace(sandboxUrl: string): Promise<TracedRequest[]> {
  return (await control<{ requests: TracedRequest[] }>(sandboxUrl, "/trace")).requests;
}

export async function stopTrace(sandboxUrl: string): Promise<void> {
  await control(sandboxUrl, "/trace", { record: false });
}

/** The requests that arrived and finished within [from, to] (epoch ms). */
export function within(trace: readonly TracedRequest[], from: number, to: number): TracedRequest[] {
  return trace.filter((r) => r.start >= from && r.end <= to);
}

export interface CriticalPath {
  /** The most calls of the window that ran one after another (each began after the previous ended). */
  calls: number;
  /** All the window's calls, by their depth in that order: the calls of one level could run at once. */
  levels: TracedRequest[][];
}

/**
 * The longest chain of calls in which each began only after the one before it had finished: the
 * round trips a page waited for in turn. Calls that overlap in time were made at once and count
 * once. Read from a run at a real distance: next door, calls made at once can finish before the
 * next one arrives and would look sequential.
 */
export function criticalPath(requests: readonly TracedRequest[]): CriticalPath {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let before = 0;
    for (let j = 0; j < i; j++) if (sorted[j].end <= sorted[i].start) before = Math.max(before, depth[j]);
    depth.push(before + 1);
  }
  const calls = depth.length ? Math.max(...depth) : 0;
  const levels: TracedRequest[][] = Array.from({ length: calls }, () => []);
  sorted.forEach((r, i) => levels[depth[i] - 1].push(r));
  return { calls, levels };
}

/**
 * The platform's own time for the same calls, made alone: each level's calls at once, the levels
 * one after another, straight to the sandbox with a token of the same user (GETs only; a page's
 * reads). Milliseconds.
 */
export async function replayAlone(
  sandboxUrl: string,
  headers: Record<string, string>,
  levels: readonly TracedRequest[][],
): Promise<number> {
  const started = performance.now();
  for (const level of levels) {
    await Promise.all(
      level
        .filter((r) => r.method === "GET")
        .map(async (r) => {
          const response = await fetch(`${sandboxUrl}${r.target}`, { headers });
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`replaying ${r.route} answered ${response.status}`);
        }),
    );
  }
  return performance.now() - started;
}

/** The goal of a figure at a distance: within FLOOR_FACTOR of calls × latency + the same thing next door. */
export function floorOf(calls: number, latencyMs: number, nextDoorMs: number): number {
  return calls * latencyMs + nextDoorMs;
}
