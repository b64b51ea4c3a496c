// The sandbox's world kept in a file, so that `npm start` restarted finds the clinic key it
// activated, the people signed in and everything made since, as the app's database does. Tests'
// sandboxes stay in memory: only a sandbox given a file (server.ts: SANDBOX_STATE_FILE) keeps one.
// Saved a moment after a change and on close, through a temporary file renamed over the old one,
// so that a crash leaves the last whole copy. Faults, counters and traces are test tools and start
// afresh; a saved world of another seed or other seeded counts is not used.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { SandboxState } from "./store";
import type * as T from "./types";

const VERSION = 1;
const SAVE_EVERY_MS = 500;

/** Every collection kept, by its name on SandboxState. */
const MAPS = [
  "clinics",
  "users",
  "applications",
  "authCodes",
  "tokenGrants",
  "accessTokens",
  "refreshTokens",
  "resources",
  "patients",
  "treatmentPlans",
  "products",
  "orders",
  "labOrders",
  "sessionGrants",
  "embedSessions",
  "dataTokens",
] as const;

export interface Snapshot {
  version: number;
  seed: number;
  /** What the world was seeded from besides the seed (the seeded counts), as JSON. */
  seededFrom: string;
  clockOffsetMs: number;
  ids: { drawn: number; used: string[] };
  seq: number;
  maps: Record<(typeof MAPS)[number], [string, unknown][]>;
  clinicKeys: T.ClinicKeyRow[];
  serviceResources: T.ServiceResourceRow[];
  events: T.EventRow[];
  deliveries: T.DeliveryRow[];
  webhookEndpoint: T.WebhookEndpointRow | null;
  account: T.AccountRow;
  rateLimit: { limit: number; windowSeconds: number };
  timeScale: number;
}

function snapshotOf(s: SandboxState, seededFrom: string): Snapshot {
  const maps = {} as Snapshot["maps"];
  for (const name of MAPS) maps[name] = [...(s[name] as Map<string, unknown>).entries()];
  return {
    version: VERSION,
    seed: s.seed,
    seededFrom,
    clockOffsetMs: s.clock.now() - Date.now(),
    ids: s.ids.snapshot(),
    seq: s.seq,
    maps,
    clinicKeys: s.clinicKeys,
    serviceResources: s.serviceResources,
    events: s.events,
    deliveries: s.deliveries,
    webhookEndpoint: s.webhookEndpoint,
    account: s.account,
    rateLimit: s.rateLimit,
    timeScale: s.timeScale,
  };
}

// Files' bytes as base64 rather than JSON's array of numbers.
function replacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const original = this[key];
  return Buffer.isBuffer(original) ? { $bytes: original.toString("base64") } : value;
}
function reviver(_key: string, value: unknown): unknown {
  if (value && typeof value === "object" && typeof (value as { $bytes?: unknown }).$bytes === "string")
    return Buffer.from((value as { $bytes: string }).$bytes, "base64");
  return value;
}

export type SavedWorld = { ok: true; snapshot: Snapshot } | { ok: false; why: string | null };

/** The saved world in `file`, or why it is not used (null when there is none yet). */
export function readSavedWorld(file: string, seed: number, seededFrom: string): SavedWorld {
  if (!existsSync(file)) return { ok: false, why: null };
  let snapshot: Snapshot;
  try {
    snapshot = JSON.parse(readFileSync(file, "utf8"), reviver) as Snapshot;
  } catch {
    return { ok: false, why: `${file} could not be read` };
  }
  if (snapshot.version !== VERSION) return { ok: false, why: `${file} was saved by another version of the sandbox` };
  if (snapshot.seed !== seed || snapshot.seededFrom !== seededFrom)
    return { ok: false, why: `${file} holds a world of another seed or other seeded counts` };
  return { ok: true, snapshot };
}

/** Puts a saved world into a cleared state (the caller re-arms what was pending). */
export function restoreWorld(s: SandboxState, snapshot: Snapshot): void {
  for (const name of MAPS) {
    const map = s[name] as Map<string, unknown>;
    for (const [key, value] of snapshot.maps[name] ?? []) map.set(key, value);
  }
  s.ids.restore(snapshot.ids);
  s.seq = snapshot.seq;
  s.clinicKeys = snapshot.clinicKeys;
  s.serviceResources = snapshot.serviceResources;
  s.events = snapshot.events;
  for (const e of s.events) s.eventsById.set(e.id, e);
  s.deliveries = snapshot.deliveries;
  s.webhookEndpoint = snapshot.webhookEndpoint;
  s.account = snapshot.account;
  s.rateLimit = snapshot.rateLimit;
  s.timeScale = snapshot.timeScale;
  // The clock goes on from where it was moved to (POST /__sandbox/clock/advance), not back to real time.
  const drift = snapshot.clockOffsetMs - (s.clock.now() - Date.now());
  if (!s.clock.frozen && Math.abs(drift) > 1000) s.clock.advance(drift / 1000);
}

/** Deliveries whose next attempt was due when the world was saved: the latest attempt of each event. */
export function pendingRetries(s: SandboxState): T.DeliveryRow[] {
  const latest = new Map<string, T.DeliveryRow>();
  for (const d of s.deliveries) latest.set(d.eventId, d);
  return [...latest.values()].filter((d) => d.nextAttemptAt !== null && !d.successfullyDelivered);
}

/** Saves the world a moment after each change; `stop` saves what is left. */
export function keepSaved(s: SandboxState, file: string, seededFrom: string): { stop: () => void } {
  mkdirSync(dirname(file), { recursive: true });
  let saved = "";
  const save = () => {
    // Every change comes with a handled request or a new event or delivery (both take a seq).
    const mark = `${s.handled}:${s.seq}`;
    if (mark === saved) return;
    const tmp = `${file}.tmp`;
    writeFileSync(tmp, JSON.stringify(snapshotOf(s, seededFrom), replacer));
    renameSync(tmp, file);
    saved = mark;
  };
  save();
  const timer = setInterval(save, SAVE_EVERY_MS);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      save();
    },
  };
}
