// How many app processes are live, as the key agreement last counted them (every live process
// records itself in key_holders every few seconds, lib/auth/key-agreement.ts); 1 until it has. The
// per-person bounds held in one process's memory (requests under way, upload bytes) are divided by
// it, so that N processes behind a balancer together allow a person about what one process did,
// without a database round trip on every request. Kept on globalThis: the app server and Next.js's
// server chunks each load this module, and must read one count.
const state = globalThis as unknown as { clinicConnectLiveProcesses?: number };

export function setLiveProcesses(count: number): void {
  state.clinicConnectLiveProcesses = Number.isFinite(count) ? Math.max(1, Math.floor(count)) : 1;
}

export function liveProcesses(): number {
  return state.clinicConnectLiveProcesses ?? 1;
}

/** One process's part of a per-person bound of `whole` shared by the live processes: at least `least`. */
export function partOf(whole: number, least = 1): number {
  return Math.max(least, Math.ceil(whole / liveProcesses()));
}
