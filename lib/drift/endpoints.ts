// Drift of the platform's answers, per endpoint: each successful body held against the response
// schema the client reads it with (lib/clinic-api/transport.ts calls observePlatformBody). The
// request does not wait for the database: counts are added up in this process's memory and merged
// into the table at most every FLUSH_MS (one statement), so a list of 100 records costs a walk of
// the body and nothing more. Counts not yet written when a process dies are lost: a report, not a
// ledger.
import "server-only";
import type { z } from "zod";
import {
  CLINIC_PATHS,
  DELIVERIES_PATH,
  EVENT_CATEGORIES,
  OAUTH_PATHS,
  SESSION_GRANTS_PATH,
  eventListPath,
  eventPath,
} from "@/lib/contract";
import { db } from "@/lib/db";
import type { Db } from "@/lib/events/store";
import { driftOf } from "@/lib/drift/walk";
import { DriftTally, warnDriftNotWritten as warn, writeDrift } from "@/lib/drift/store";
import { flushOnShutdown } from "@/lib/health/process-state";

export const FLUSH_MS = 30_000;

const MARK = "ID0MARK";
/** The words of every path the contract names; any other segment of a path is an id. */
const PATH_WORDS: ReadonlySet<string> = (() => {
  const paths: string[] = [
    ...Object.values(OAUTH_PATHS),
    SESSION_GRANTS_PATH,
    DELIVERIES_PATH,
    eventPath(MARK),
    ...EVENT_CATEGORIES.map(eventListPath),
  ];
  for (const value of Object.values(CLINIC_PATHS) as Array<string | ((...ids: string[]) => string)>)
    paths.push(typeof value === "string" ? value : value(...Array.from({ length: value.length }, () => MARK)));
  return new Set(paths.flatMap((p) => p.split("/")).filter((w) => w && w !== MARK));
})();

/** The endpoint a request went to, its ids taken out: "GET /api/clinic/practitioners/{id}/resources". */
export function endpointName(method: string, path: string): string {
  const template = path
    .split("?")[0]!
    .split("/")
    .map((segment) => (segment === "" || PATH_WORDS.has(segment) ? segment : "{id}"))
    .join("/");
  return `${method} ${template}`;
}

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
