// The app's two gates (lib/fairness/read-gate.ts), sized from configuration: timeline reads (pages,
// searches, an event's detail) and CSV exports. Shared on globalThis like the pools, so every module
// copy of the process counts the same person once.
import "server-only";
import { getConfig } from "@/lib/config";
import { failure, type ActionResult } from "@/lib/actions/result";
import { createReadGate, type ReadGate } from "@/lib/fairness/read-gate";

const shared = globalThis as unknown as { clinicConnectReadGates?: { reads: ReadGate; exports: ReadGate } };

export function readGates(): { reads: ReadGate; exports: ReadGate } {
  shared.clinicConnectReadGates ??= {
    reads: createReadGate(() => {
      const { perUser, waitMs } = getConfig().reads;
      return { running: perUser, waiting: perUser * 2, waitMs };
    }),
    exports: createReadGate(() => ({ running: 1, waiting: getConfig().reads.exportsWaiting, waitMs: Infinity })),
  };
  return shared.clinicConnectReadGates;
}

/** Runs one of the person's timeline reads in their share, or says how many they already have running. */
export async function withReadSlot<T>(userId: string, read: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  const entry = await readGates().reads.enter(userId);
  if (!entry.ok) return failure("busy", "actions.tooManyReads", { values: { count: entry.running } });
  try {
    return await read();
  } finally {
    entry.release();
  }
}
