// One request through the sandbox: request id, faults, routing, body, authentication, rate limit,
// clinic key, handler, and errors in the platform's formats.
import type { IncomingMessage, ServerResponse } from "node:http";
import { HEADERS } from "@/lib/contract";
import { authenticate, type Principal } from "../platform/auth";
import { checkClinicKey } from "../platform/clinic-key";
import { drawLatency, takeFromCounter } from "../platform/faults";
import { takeRateLimit } from "../platform/rate-limit";
import { claimedClientId } from "../oauth/clients";
import type { SandboxState } from "../state/store";
import { parseBody, readBody } from "./body";
import { ApiError, asOAuthError, OAuthError } from "./errors";
import { queryObject } from "./query";
import { findRoute, type Route } from "./router";
import { json, send, type Reply } from "./reply";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const isOAuthPath = (path: string) => path.startsWith("/api/oauth/");

function errorReply(thrown: unknown, requestId: string, path: string): Reply {
  let err = thrown;
  if (!(err instanceof ApiError) && !(err instanceof OAuthError)) {
    console.error(`[sandbox] ${requestId} failed:`, err);
    err = ApiError.of(500, "internal_error", `Internal error (request ${requestId}).`);
  }
  // OAuth endpoints answer every error, a 429 included, in RFC 6749 form.
  if (err instanceof ApiError && isOAuthPath(path)) err = asOAuthError(err);
  if (err instanceof OAuthError)
    return json(err.status, { error: err.error, error_description: err.description }, err.headers);
  const api = err as ApiError;
  return json(api.status, { errors: api.items }, api.headers);
}

/** The most requests one trace keeps (a benchmark's run is far below it). */
const TRACE_MAX = 200_000;
const epochMs = () => performance.timeOrigin + performance.now();

/** Injected failures for /api/* requests; returns true when the connection was dropped. */
async function injectFaults(s: SandboxState, method: string, path: string, res: ServerResponse): Promise<boolean> {
  const f = s.faults;
  if (takeFromCounter(f.dropNext, method, path)) {
    s.stats.faults_injected += 1;
    res.socket?.destroy();
    return true;
  }
  const latency = drawLatency(f, s.latencyRandom);
  if (latency > 0) await sleep(latency);
  if (f.failNext && takeFromCounter(f.failNext, method, path)) {
    s.stats.faults_injected += 1;
    throw ApiError.of(
      f.failNext.status,
      f.failNext.status === 503 ? "service_unavailable" : "internal_error",
      "Injected server error (sandbox fault).",
    );
  }
  if (f.rateLimitNext && takeFromCounter(f.rateLimitNext, method, path)) {
    s.stats.faults_injected += 1;
    s.stats.rate_limited += 1;
    throw ApiError.of(429, "rate_limited", "Too many requests (injected).", undefined, {
      [HEADERS.retryAfter]: String(f.rateLimitNext.retryAfter),
    });
  }
  if (f.errorRate > 0 && s.faultRandom() < f.errorRate) {
    s.stats.faults_injected += 1;
    throw ApiError.of(500, "internal_error", "Injected server error (sandbox fault, random).");
  }
  return false;
}

export function createHandler(getState: () => SandboxState, routes: Route[]) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const s = getState();
    s.requestSeq += 1;
    const requestId = `req_${s.seed.toString(36)}_${s.requestSeq.toString(36).padStart(6, "0")}`;
    res.setHeader(HEADERS.requestId, requestId);
    let reply: Reply;
    let path = "/";
    let traced = "";
    const arrived = epochMs();
    try {
      const url = new URL(req.url ?? "/", "http://sandbox.local");
      path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
      const isApi = path.startsWith("/api/") || path === "/api";
      if (isApi) {
        traced = `${req.method ?? "GET"} ${path}`;
        if (s.trace)
          res.once("close", () => {
            if (s.trace && s.trace.length < TRACE_MAX)
              s.trace.push({
                method: req.method ?? "GET",
                route: traced,
                target: req.url ?? path,
                status: res.statusCode,
                start: arrived,
                end: epochMs(),
              });
          });
        s.stats.requests_total += 1;
        if (await injectFaults(s, req.method ?? "GET", path, res)) return;
      }
      const match = findRoute(routes, req.method ?? "GET", path);
      if (!match) throw ApiError.of(404, "not_found", `No route for ${req.method} ${path}.`);
      if (!("route" in match))
        throw ApiError.of(405, "method_not_allowed", `Use ${match.allowed.join(" or ")} for ${path}.`, undefined, {
          Allow: match.allowed.join(", "),
        });
      const { route, params } = match;
      if (isApi) {
        const key = `${route.method} ${route.pattern}`;
        traced = key;
        s.stats.requests_by_route[key] = (s.stats.requests_by_route[key] ?? 0) + 1;
      }
      const query = queryObject(url.searchParams);
      const body = route.body === "none" ? {} : parseBody(req, await readBody(req), route.body);
      let principal: Principal | null = null;
      if (route.auth === "bearer") principal = authenticate(s, req);
      const appId = principal?.clientId ?? claimedClientId(req, body as Record<string, unknown>) ?? query.client_id;
      if (isApi && appId) {
        const limit = takeRateLimit(s, appId);
        if (!limit.ok) {
          s.stats.rate_limited += 1;
          throw ApiError.of(
            429,
            "rate_limited",
            `Rate limit of ${s.rateLimit.limit} requests per ${s.rateLimit.windowSeconds} s exceeded.`,
            undefined,
            { [HEADERS.retryAfter]: String(limit.retryAfter) },
          );
        }
      }
      if (principal) checkClinicKey(s, req, principal.clinicId);
      reply = await route.handler({ s, req, url, params, query, body, requestId, principal });
    } catch (err) {
      reply = errorReply(err, requestId, path);
    }
    if (!res.headersSent && !res.destroyed) send(res, reply);
    s.handled += 1;
  };
}
