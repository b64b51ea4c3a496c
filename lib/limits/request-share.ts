// One person's share of the app server, before Next.js sees the request: who is asking (the app
// user id in their session cookie, decoded once per cookie and remembered); the body bytes the
// request brings, refused at once over the person's or the process's bound (lib/limits/
// request-share.ts); then a place among the person's REQUESTS_PER_USER requests under way, waited
// for in a short line (a page's prefetches come in a burst) and refused beyond it (the read gate,
// lib/limits/read-gate.ts). Refusals are in the person's language, with Retry-After. Static
// files are not counted: a page's scripts come six at a time and cost nothing.
import { createHash } from "node:crypto";
import type http from "node:http";
import { getConfig } from "@/lib/config";
import { failure, type FailureCode } from "@/lib/results/result";
import { createRequestShare, type RequestShare } from "@/lib/limits/body-share";
import { createReadGate, type ReadGate } from "@/lib/limits/read-gate";
import { partOf } from "@/lib/limits/live-processes";
import { isLocale, LOCALE_COOKIE, localeFromAcceptLanguage } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { formatSize } from "@/lib/format/size";
import { refuseUnreadBody } from "@/lib/http/linger";
import { sessionClaims, sessionCookieOf } from "@/lib/http/session-cookie";

/** What a body sent in chunks is counted as: the most any route reads (next.config.js's 11 MB). */
export const UNDECLARED_BODY_BYTES = 11 * 1024 * 1024;

/** How long a request waits for a place among its person's before it is refused. */
export const REQUEST_WAIT_MS = 15_000;

const shared = globalThis as unknown as { clinicConnectShare?: { bodies: RequestShare; requests: ReadGate } };

function shares() {
  shared.clinicConnectShare ??= {
    // A person's bounds are shared by the live processes (live-processes.ts); the process's own
    // memory bound (bodyBytesInFlight) is its own.
    bodies: createRequestShare(() => {
      const share = getConfig().share;
      return { ...share, bodyBytesPerUser: partOf(share.bodyBytesPerUser), bodyBytesPerRequest: UNDECLARED_BODY_BYTES };
    }),
    requests: createReadGate(() => {
      const running = partOf(getConfig().share.requestsPerUser);
      return { running, waiting: running * 4, waitMs: REQUEST_WAIT_MS };
    }),
  };
  return shared.clinicConnectShare;
}

function cookiesOf(req: http.IncomingMessage): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0) found.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return found;
}

/** Decoded cookies, by their digest: a cookie of any size costs the same few bytes here. */
const known = new Map<string, string | null>();
const KNOWN_MAX = 10_000;

/** The app user id of the session cookie, null when there is none or it does not decode. */
async function userOf(cookies: Map<string, string>): Promise<string | null> {
  const token = sessionCookieOf((name) => cookies.get(name));
  if (!token) return null;
  const key = createHash("sha256").update(token).digest("base64url");
  if (known.has(key)) return known.get(key) ?? null;
  const claims = await sessionClaims(token);
  const uid = typeof claims?.uid === "string" ? claims.uid : null;
  if (known.size >= KNOWN_MAX) known.clear(); // a bound on memory; a busy server decodes again
  known.set(key, uid);
  return uid;
}

/**
 * Where requests with no session (or one that does not decode) take their places: one line for all
 * of them, as if they were one person, so that strangers together get no more of the process than
 * one signed-in person. Not a user id: those are never empty.
 */
const NOBODY = "";

/** Health checks are never held in a line: a load balancer must see the truth at once. */
function lined(url: string | undefined): boolean {
  return !(url ?? "/").startsWith("/api/health");
}

export function bodyBytesOf(req: http.IncomingMessage): number {
  const declared = Number(req.headers["content-length"] ?? "0");
  if (Number.isFinite(declared) && declared > 0) return declared;
  return req.headers["transfer-encoding"] !== undefined ? UNDECLARED_BODY_BYTES : 0;
}

function counted(url: string | undefined): boolean {
  return !(url ?? "/").startsWith("/_next/static/");
}

type Refusal =
  | { why: "requests"; running: number }
  | { why: "too-large"; limit: number }
  | { why: "signed-out" }
  | { why: "user-bytes" | "process-bytes"; inFlight: number };

const ANSWERS: Record<Refusal["why"], { status: number; retryAfter: number; code: FailureCode }> = {
  requests: { status: 429, retryAfter: 2, code: "busy" },
  "too-large": { status: 413, retryAfter: 0, code: "invalid" },
  "signed-out": { status: 401, retryAfter: 0, code: "sign-in" },
  "user-bytes": { status: 429, retryAfter: 10, code: "busy" },
  "process-bytes": { status: 503, retryAfter: 30, code: "busy" },
};

function sentenceOf(refusal: Refusal, cookies: Map<string, string>, req: http.IncomingMessage): string {
  const chosen = cookies.get(LOCALE_COOKIE);
  const locale = isLocale(chosen) ? chosen : localeFromAcceptLanguage(req.headers["accept-language"]);
  const t = translatorFor(locale);
  if (refusal.why === "requests") return t("actions.tooManyRequests", { count: refusal.running });
  if (refusal.why === "signed-out") return t("actions.signedOut");
  if (refusal.why === "too-large")
    return t("actions.bodyTooLarge", { limit: formatSize(refusal.limit, locale, "down") });
  if (refusal.why === "user-bytes")
    return t("resources.upload.tooManyAtOnce", { size: formatSize(refusal.inFlight, locale, "down") });
  return t("resources.upload.serverBusy");
}

function refuse(refusal: Refusal, cookies: Map<string, string>, req: http.IncomingMessage, res: http.ServerResponse) {
  const { status, retryAfter, code } = ANSWERS[refusal.why];
  refuseUnreadBody(
    req,
    res,
    status,
    {
      "content-type": "application/json",
      "cache-control": "no-store",
      ...(retryAfter > 0 ? { "retry-after": String(retryAfter) } : {}),
      "x-content-type-options": "nosniff",
    },
    JSON.stringify(failure(code, sentenceOf(refusal, cookies, req))),
  );
}

/**
 * Admits the request into its person's share and gives it back when the answer is done, or
 * answers the refusal itself (the app's one failure shape: "busy", or "invalid" for a body larger than
 * any route accepts, "sign-in" for an upload with no session) and returns false.
 */
export async function enterShare(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
  if (!counted(req.url)) return true;
  const cookies = cookiesOf(req);
  const userId = await userOf(cookies);
  const body = shares().bodies.admit(userId, bodyBytesOf(req));
  if (!body.ok) return (refuse(body, cookies, req, res), false);
  // The response's close, not the request's: a request without a body "closes" once read.
  res.once("close", body.release);
  if (userId === null && !lined(req.url)) return true;
  const gone = new AbortController();
  const abandon = () => gone.abort();
  res.once("close", abandon);
  const place = await shares().requests.enter(userId ?? NOBODY, gone.signal);
  res.off("close", abandon);
  if (!place.ok) {
    if (!res.destroyed) refuse({ why: "requests", running: place.running }, cookies, req, res);
    return false;
  }
  if (res.destroyed) return (place.release(), false);
  res.once("close", place.release);
  return true;
}
