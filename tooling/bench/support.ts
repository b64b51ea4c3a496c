// Shared pieces of the benchmarks: reading a process's resident memory, waiting, a current build, and
// closing the app's database clients before a scratch database is dropped.
// (Scratch databases come from tooling/testing/database.ts, free ports from tooling/testing/ports.ts.)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { buildIfNeeded } from "@/tooling/devstack/build";
import { repoPath } from "@/tooling/devstack/processes";

/** VmRSS of a process in MiB, from /proc (Linux); NaN when it cannot be read. */
export function residentMiB(pid: number): number {
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((l) => l.startsWith("VmRSS:"));
    return line ? Number(line.replace(/\D+/g, "")) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; returns the samples. */
export function sampleResident(pid: number, everyMs = 100): { stop(): number[] } {
  const samples: number[] = [];
  const timer = setInterval(() => {
    const mib = residentMiB(pid);
    if (Number.isFinite(mib)) samples.push(mib);
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return samples;
    },
  };
}

/**
 * CPU seconds a process has used (user + system, from /proc/<pid>/stat; Linux's 100 ticks a second);
 * NaN when it cannot be read. Two readings over a phase say whether the process was busy or starved.
 */
export function cpuSeconds(pid: number): number {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Closes what the app's modules opened on the database in this process: the Prisma clients of
 * lib/db/index.ts and the pg pools under them (lib/db/pool.ts; both keep them on globalThis, as the app
 * server's shutdown reads them). Dropping a scratch database ends every connection still open on it
 * (57P01), and a client still holding one fails with it after the benchmark's own work is done.
 */
export async function closeAppDatabase(): Promise<void> {
  const shared = globalThis as unknown as Record<string, { $disconnect?(): Promise<void>; end?(): Promise<void> }>;
  // Clients first, then the pools under them; each made again on its next use, should there be one.
  for (const name of ["clinicConnectDb", "clinicConnectSystemDb", "clinicConnectPool", "clinicConnectSystemPool"]) {
    const held = shared[name];
    delete shared[name];
    await (held?.$disconnect?.() ?? held?.end?.())?.catch(() => {});
  }
}

/** Whether a `next build` runs in this checkout (another checkout's, on a shared machine, is not ours to wait for). */
function buildingHere(): boolean {
  const pids = spawnSync("pgrep", ["-f", "next build|next-build"], { encoding: "utf8" }).stdout.split("\n");
  return pids.some((pid) => {
    try {
      return pid.trim() !== "" && fs.readlinkSync(`/proc/${pid.trim()}/cwd`) === repoPath();
    } catch {
      return false; // ended since, or not ours to read
    }
  });
}

/**
 * A production build of the current sources: waits for a `next build` of this checkout already
 * running (npm test's, say), then builds when there is none or the sources changed since, as
 * `npm start` does. BENCH_SKIP_BUILD=1 runs the build as it is (one made a moment ago for the
 * end-to-end tests, say).
 */
export async function ensureBuiltApp(maxWaitMs = 600_000): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD === "1") return;
  const deadline = Date.now() + maxWaitMs;
  while (buildingHere()) {
    if (Date.now() > deadline) throw new Error("a `next build` has been running for too long");
    await sleep(2000);
  }
  buildIfNeeded((line) => console.log(`  ${line}`));
}
