// The one check that a request comes from a page of this app, for every door that changes something
// with the person's cookie (server actions and plain form posts, uploads, the embedded feature's
// session grant). A request with neither Origin nor Sec-Fetch-Site is not from a browser page: a
// script holding the person's cookie is the person, and the door checks its caller itself.
// X-Forwarded-Host counts only when a trusted proxy set it: the app server removes forwarding headers
// from any other sender first (lib/http/forwarded.ts).

/** Why a request is not from this app's pages: sent by another site, or from another origin. */
export type OriginProblem = "another-site" | "another-origin";

/** The host the request was sent to: the trusted proxy's first X-Forwarded-Host, else Host. */
export function requestHost(headers: Headers): string {
  return (headers.get("x-forwarded-host") ?? headers.get("host") ?? "").split(",")[0]!.trim();
}

/**
 * Null when the request may come from this app's pages. `ownOrigin`, when given, is the only origin
 * allowed (the embedded feature is framed for APP_URL's origin alone); otherwise the Origin's host
 * must be the host the request was sent to.
 */
export function originProblem(headers: Headers, ownOrigin?: string): OriginProblem | null {
  const site = headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin") return "another-site";
  const origin = headers.get("origin");
  if (origin === null) return null;
  if (ownOrigin !== undefined) return origin === ownOrigin ? null : "another-origin";
  const host = requestHost(headers);
  return host !== "" && hostOf(origin) === host ? null : "another-origin";
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
