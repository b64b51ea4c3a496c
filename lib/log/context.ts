// What the work under way is about, for every log line written during it: the request id of an HTTP
// request (lib/server/app-server.ts), the clinic and the job where there is one. Kept in an
// AsyncLocalStorage the app server's bundle and Next.js's share (one per process, on globalThis).
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

export interface LogContext {
  requestId?: string;
  clinicId?: string;
  job?: string;
  jobId?: string;
}

const KEY = Symbol.for("clinic-connect.log-context");
const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<LogContext> | undefined>;
export const logContext: AsyncLocalStorage<LogContext> = (holder[KEY] ??= new AsyncLocalStorage<LogContext>());

/** Runs `work` with `fields` added to the current context (its lines carry them). */
export function withLogContext<T>(fields: LogContext, work: () => T): T {
  return logContext.run({ ...logContext.getStore(), ...fields }, work);
}

/** Adds fields to the context of the work under way (the clinic, once an action knows its caller). */
export function addLogContext(fields: LogContext): void {
  const store = logContext.getStore();
  if (store) Object.assign(store, fields);
}

/** The current request's id, if there is one. */
export function currentRequestId(): string | undefined {
  return logContext.getStore()?.requestId;
}

const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** A load balancer's x-request-id when it is a plain token, else a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === "string" && ACCEPTABLE_ID.test(header) ? header : randomUUID();
}
