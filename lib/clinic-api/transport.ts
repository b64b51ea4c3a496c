// The one place the client talks HTTP: builds the request, enforces a time-out on every attempt,
// retries what decideRetry allows, turns failures into typed errors, and validates the body with
// the contract schema. Authentication (Bearer, the 401 refresh-and-replay) is layered on top in
// authorized.ts; this module never sees where a token comes from and never logs a header or body.
import type { z } from "zod";
import { errorFromResponse, PlatformUnavailableError, UnexpectedResponseError } from "@/lib/clinic-api/errors";
import {
  decideRetry,
  DEFAULT_RETRY_POLICY,
  parseRetryAfter,
  type AttemptOutcome,
  type RetryPolicy,
} from "@/lib/clinic-api/retry";
import { hook } from "@/lib/hooks";
import { endpointOf } from "@/lib/clinic-api/endpoints";
import { endPlatformSpan, startPlatformSpan, tracingOn } from "@/lib/tracing/tracer";
import { encodeJsonBody } from "@/lib/clinic-api/json-body";

export type QueryValue = string | number | boolean | undefined;

export interface RequestSpec<S extends z.ZodType> {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  schema: S;
  signal?: AbortSignal;
}

/** What the client reports about each attempt: enough to trace a problem, nothing secret. */
/** Every attempt of every client, for whoever watches the platform (the metrics listen). */
export const platformAttempts = hook<{ report: AttemptReport; elapsedMs: number }>("platform-attempt");

export interface AttemptReport {
  method: string;
  path: string;
  attempt: number;
  status?: number;
  failure?: "network" | "timeout";
  requestId?: string;
  durationMs: number;
}

export interface TransportOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  /** Per attempt. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  onAttempt?: (report: AttemptReport) => void;
  /** Runs before every attempt and may refuse it by throwing (the app's share of the rate limit). */
  beforeAttempt?: () => Promise<void>;
  /** Sees each successful answer's body before it is validated (the drift report: lib/drift). */
  observeBody?: (spec: { method: string; path: string; schema: z.ZodType }, body: unknown) => void;
}

export type Send = <S extends z.ZodType>(spec: RequestSpec<S>) => Promise<z.infer<S>>;

export const DEFAULT_TIMEOUT_MS = 10_000;

export function createTransport(options: TransportOptions): Send {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const sleep = options.sleep ?? abortableSleep;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const baseUrl = options.baseUrl.replace(/\/+$/, "");

  return async function send<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.infer<S>> {
    const url = buildUrl(baseUrl, spec.path, spec.query);
    for (let attempt = 1; ; attempt++) {
      const started = performance.now();
      // A span per attempt, with the platform's x-request-id, when traces are exported.
      const span = tracingOn() ? startPlatformSpan(spec.method, endpointOf(spec.path), new URL(url)) : undefined;
      const report = (extra: Partial<AttemptReport>) => {
        const attemptReport = {
          method: spec.method,
          path: spec.path,
          attempt,
          durationMs: Math.round(performance.now() - started),
          ...extra,
        };
        platformAttempts.emit({ report: attemptReport, elapsedMs: performance.now() - started });
        if (span) endPlatformSpan(span, attemptReport);
        options.onAttempt?.(attemptReport);
      };
      await options.beforeAttempt?.();
      let outcome: AttemptOutcome;
      let failure: unknown;
      try {
        const signal = spec.signal
          ? AbortSignal.any([spec.signal, AbortSignal.timeout(timeoutMs)])
          : AbortSignal.timeout(timeoutMs);
        const response = await fetchImpl(url, {
          method: spec.method,
          headers: { Accept: "application/json", "Content-Type": "application/json", ...spec.headers },
          body: spec.body === undefined ? undefined : encodeJsonBody(spec.body),
          signal,
          redirect: "error",
        });
        const requestId = response.headers.get("x-request-id") ?? undefined;
        const body = await readJson(response);
        report({ status: response.status, requestId });
        if (response.ok) {
          options.observeBody?.(spec, body);
          return parseBody(spec, body, response.status, requestId);
        }
        const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
        outcome = { kind: "response", status: response.status, retryAfterMs };
        failure = errorFromResponse(response.status, requestId, body, retryAfterMs);
      } catch (error) {
        if (spec.signal?.aborted) throw error; // the caller gave up: not the platform's fault
        if (error instanceof UnexpectedResponseError) throw error;
        const kind = isTimeout(error) ? "timeout" : "network";
        report({ failure: kind });
        outcome = { kind };
        failure = new PlatformUnavailableError(
          kind === "timeout"
            ? `The platform did not answer within ${timeoutMs} ms`
            : "The platform could not be reached",
          { cause: error },
        );
      }
      const decision = decideRetry(spec.method, attempt, outcome, policy, options.random);
      if (!decision.retry) throw failure;
      await sleep(decision.delayMs, spec.signal);
    }
  };
}

function parseBody<S extends z.ZodType>(
  spec: RequestSpec<S>,
  body: unknown,
  status: number,
  requestId?: string,
): z.infer<S> {
  const parsed = spec.schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  // Paths of the mismatch only, never values: a value could be a token or a patient's details.
  const where = parsed.error.issues
    .slice(0, 3)
    .map((issue) => issue.path.join(".") || "(body)")
    .join(", ");
  throw new UnexpectedResponseError(
    `The platform's answer to ${spec.method} ${spec.path} did not match the contract (${where})`,
    {
      status,
      requestId,
    },
  );
}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(`${baseUrl}${path}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== "") url.searchParams.set(key, String(value));
  }
  return url.toString();
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
