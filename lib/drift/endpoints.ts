// Drift of the platform's answers, per endpoint: each successful body held against the response
// schema the client reads it with (lib/clinic-api/transport.ts calls observePlatformBody). The
// request does not wait for the database: counts are added up in this process's memory and merged
// into the table at most every FLUSH_MS (one statement), so a list of 100 records costs a walk of
// the body and nothing more. Counts not yet written when a process dies are lost: a report, not a
// ledger.
import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import type { Db } from "@/lib/db";
import { driftOf } from "@/lib/drift/walk";
import { DriftTally, warnDriftNotWritten as warn, writeDrift } from "@/lib/drift/store";
import { endpointName } from "@/lib/drift/endpoint-names";
import { flushOnShutdown } from "@/lib/health/process-state";

export { endpointName } from "@/lib/drift/endpoint-names";

export const FLUSH_MS = 30_000;

const shared = globalThis as unknown as { clinicConnectEndpointDrift?: { tally: DriftTally; timer?: NodeJS.Timeout } };
const state = (shared.clinicConnectEndpointDrift ??= { tally: new DriftTally() });
// A restart writes what is added up so far (lib/server/shutdown.ts), rather than losing it.
flushOnShutdown("platform answer drift", () => flushEndpointDrift());

/** Notes the drift of one answer (the transport's observeBody). Never throws into the request. */
export function observePlatformBody(spec: { method: string; path: string; schema: z.ZodType }, body: unknown): void {
  try {
    const drift = driftOf(spec.schema, body);
    if (drift.length === 0) return;
    state.tally.add("endpoint", endpointName(spec.method, spec.path), drift);
    state.timer ??= setTimeout(() => void flushEndpointDrift().catch(warn), FLUSH_MS).unref();
  } catch (error) {
    warn(error);
  }
}

/** Writes the counts added up so far (the timer does it; tests and shutdown may call it). */
export async function flushEndpointDrift(into: Db = db): Promise<void> {
  clearTimeout(state.timer);
  state.timer = undefined;
  const counts = state.tally.take();
  await writeDrift(into, counts);
}
