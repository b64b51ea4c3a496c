// Traces (OpenTelemetry): the app's own spans, through @opentelemetry/api alone. Without a tracer
// provider (no exporter configured: lib/tracing/start.ts) every call here is the API's no-op, so
// this module costs nothing when tracing is off. Next.js makes the request's span (a page, a server
// action, a route); ours hang under it: each platform call (lib/clinic-api/transport.ts) with the
// platform's x-request-id, and each database query (lib/db/pool.ts).
import { SpanKind, SpanStatusCode, trace, type Span } from "@opentelemetry/api";

export const TRACER_NAME = "clinic-connect";
/** The attribute carrying the platform's x-request-id on a platform call's span. */
export const PLATFORM_REQUEST_ID = "clinic_connect.platform.request_id";

const shared = globalThis as unknown as { clinicConnectTracing?: boolean };

/** Whether this process exports traces (set once by startTracing). */
export function tracingOn(): boolean {
  return shared.clinicConnectTracing === true;
}

export function markTracingOn(): void {
  shared.clinicConnectTracing = true;
}

export const tracer = () => trace.getTracer(TRACER_NAME);

/** A span for one attempt of a platform call; the caller ends it with endPlatformSpan. */
export function startPlatformSpan(method: string, endpoint: string, url: URL): Span {
  return tracer().startSpan(`platform ${method} ${endpoint}`, {
    kind: SpanKind.CLIENT,
    attributes: {
      "http.request.method": method,
      "server.address": url.hostname,
      "url.template": endpoint,
    },
  });
}

export function endPlatformSpan(
  span: Span,
  outcome: { status?: number; failure?: string; requestId?: string; attempt: number },
): void {
  span.setAttribute("http.request.resend_count", outcome.attempt - 1);
  if (outcome.status !== undefined) span.setAttribute("http.response.status_code", outcome.status);
  if (outcome.requestId) span.setAttribute(PLATFORM_REQUEST_ID, outcome.requestId);
  if (outcome.failure) span.setAttribute("error.type", outcome.failure);
  if (outcome.failure || (outcome.status ?? 0) >= 400)
    span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.failure ?? String(outcome.status) });
  span.end();
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Each query of this pg client as a span under the request's, when tracing is on and a request's
 * span is active. Only the statement's first word goes in the span: the text may hold literals.
 */
export function traceQueries(client: { query: unknown }, poolName: string): void {
  const query = client.query as QueryFn;
  client.query = function tracedQuery(this: unknown, ...args: unknown[]) {
    const first = args[0] as { text?: unknown; submit?: unknown } | string | undefined;
    if (!trace.getActiveSpan() || (typeof first === "object" && typeof first?.submit === "function"))
      return query.apply(this, args);
    const text = typeof first === "string" ? first : typeof first?.text === "string" ? first.text : "";
    const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? "QUERY";
    const span = tracer().startSpan(`db ${operation}`, {
      kind: SpanKind.CLIENT,
      attributes: {
        "db.system.name": "postgresql",
        "db.operation.name": operation,
        "db.client.connection.pool.name": poolName,
      },
    });
    const end = (error?: unknown) => {
      if (error) span.setStatus({ code: SpanStatusCode.ERROR, message: (error as { code?: string }).code ?? "error" });
      span.end();
    };
    const callbackAt = args.findIndex((arg) => typeof arg === "function");
    if (callbackAt >= 0) {
      const callback = args[callbackAt] as (error: unknown, result: unknown) => void;
      args[callbackAt] = (error: unknown, result: unknown) => {
        end(error);
        callback(error, result);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args) as Promise<unknown>;
    result.then(
      () => end(),
      (error: unknown) => end(error),
    );
    return result;
  };
}
