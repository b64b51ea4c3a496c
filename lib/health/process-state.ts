// What this process knows of itself that readiness reports: whether its job worker is running,
// whether it is shutting down (SIGTERM received: the load balancer should send it nothing new), and
// whether its webhook writes are getting through (one hung for seconds: the platform's deliveries
// would time out here, and the balancer should send them to another process).
// On globalThis: the app server's bundle and Next.js's each have a copy of this module.
interface ProcessState {
  /** "off" when JOBS_WORKER=off: not expected, so not a reason to be unready. */
  worker: "starting" | "running" | "failed" | "off";
  draining: boolean;
  /** When each webhook write under way began: one that hangs means ingest cannot write. */
  ingestWrites: Set<{ since: number }>;
  /** What writes counts held in memory to the database, for the shutdown to call before it closes. */
  flushers: Map<string, () => Promise<void>>;
}

const KEY = Symbol.for("clinic-connect.process-state");
const holder = globalThis as unknown as Record<symbol, ProcessState | undefined>;

export function processState(): ProcessState {
  return (holder[KEY] ??= { worker: "starting", draining: false, ingestWrites: new Set(), flushers: new Map() });
}

/**
 * Registers what writes `name`'s counts held in memory: the shutdown calls it (through this module,
 * so that the app server's bundle need not load the code, or the database client, behind it).
 */
export function flushOnShutdown(name: string, flush: () => Promise<void>): void {
  processState().flushers.set(name, flush);
}

/** Writes everything registered with flushOnShutdown; a failure of one does not stop the others. */
export async function flushHeldCounts(): Promise<void> {
  const failures = (await Promise.allSettled([...processState().flushers.values()].map((flush) => flush()))).filter(
    (outcome) => outcome.status === "rejected",
  );
  if (failures.length > 0) throw (failures[0] as PromiseRejectedResult).reason;
}

/** Runs a webhook's write, known to readiness while it is under way. */
export async function trackIngestWrite<T>(write: () => Promise<T>): Promise<T> {
  const writes = processState().ingestWrites;
  const token = { since: Date.now() };
  writes.add(token);
  try {
    return await write();
  } finally {
    writes.delete(token);
  }
}

/** How long the oldest webhook write under way has been waiting, in ms (0: none). */
export function oldestIngestWriteMs(now = Date.now()): number {
  let oldest = now;
  for (const { since } of processState().ingestWrites) oldest = Math.min(oldest, since);
  return now - oldest;
}
