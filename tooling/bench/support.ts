// Shared pieces of the benchmarks: reading a process's resident memory, waiting, and a current build.
// (Scratch databases come from tooling/testing/database.ts, free ports from tooling/testing/ports.ts.)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { buildIfNeeded } from "@/tooling/devstack/build";

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
 * A production build of the current sources: waits for a `next build` already running (npm test's,
 * say), then builds when there is none or the sources changed since, as `npm start` does.
 */
export async function ensureBuiltApp(maxWaitMs = 600_000): Promise<void> {
  const deadline = Date.now() + maxWaitMs;
  const building = () => spawnSync("pgrep", ["-f", "next build|next-build"], { encoding: "utf8" }).stdout.trim() !== "";
  while (building()) {
    if (Date.now() > deadline) throw new Error("a `next build` has been running for too long");
    await sleep(2000);
  }
  buildIfNeeded((line) => console.log(`  ${line}`));
}
