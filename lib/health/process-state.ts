// What this process knows of itself that readiness reports: whether its job worker is running, and
// whether it is shutting down (SIGTERM received: the load balancer should send it nothing new).
// On globalThis: the app server's bundle and Next.js's each have a copy of this module.
interface ProcessState {
  /** "off" when JOBS_WORKER=off: not expected, so not a reason to be unready. */
  worker: "starting" | "running" | "failed" | "off";
  draining: boolean;
}

const KEY = Symbol.for("clinic-connect.process-state");
const holder = globalThis as unknown as Record<symbol, ProcessState | undefined>;

export function processState(): ProcessState {
  return (holder[KEY] ??= { worker: "starting", draining: false });
}
