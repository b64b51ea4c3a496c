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
}

const KEY = Symbol.for("clinic-connect.process-state");
const holder = globalThis as unknown as Record<symbol, ProcessState | undefined>;

export function processState(): ProcessState {
  return (holder[KEY] ??= { worker: "starting", draining: false, ingestWrites: new Set() });
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
