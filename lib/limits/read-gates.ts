// The app's two gates (lib/limits/read-gate.ts), sized from configuration: timeline reads (pages,
// searches, an event's detail) and CSV exports. Shared on globalThis like the pools, so every module
// copy of the process counts the same person once. The gate is the line in this process; a place
// admitted there also takes one of the person's places across every process (lib/limits/leases.ts),
// so READS_PER_USER holds however many processes serve them.
import "server-only";
import { getConfig } from "@/lib/config";
import { failure, type ActionResult } from "@/lib/results/result";
import { createReadGate, type ReadGate } from "@/lib/limits/read-gate";
import { takeLease } from "@/lib/limits/leases";

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
  const lease = await takeLease("read", userId, getConfig().reads.perUser).catch((error: unknown) => {
    entry.release();
    throw error;
  });
  if (!lease.ok) {
    entry.release();
    return failure("busy", "actions.tooManyReads", { values: { count: lease.running } });
  }
  try {
    return await read();
  } finally {
    // The next in this process's line goes once the place is given back, not before: it would find
    // the place still taken. The answer does not wait for it.
    void lease.release().finally(entry.release);
  }
}
