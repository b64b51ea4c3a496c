// The ways into the app that happen before any page renders, decided from a request's address alone
// (proxy.ts runs them; pages and guards read what they leave):
// - the configured host: the OAuth flow's cookies and the platform's return address belong to the
//   app's configured origin, so a browser that opened the app by another name of this machine
//   (127.0.0.1 for localhost) is sent to that origin first, or its sign-in could never complete;
// - a denial at the platform comes back to next-auth's callback as `error=access_denied`, which
//   next-auth reports like any failed callback: it is told apart here, so the page can say so;
// - the place a signed-out person was going (path and query) travels with the request, so the
//   guard can send them back there after signing in.
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The request header the proxy sets to the path and query being opened (read by the guard). */
export const RETURN_TO_HEADER = "x-clinic-connect-return-to";

/**
 * Where to send a browser that opened a page by another loopback name than the configured one
 * (only loopback names: behind a real proxy the Host may legitimately differ). Null: stay.
 */
export function configuredHostRedirect(requestUrl: URL, method: string, appUrl: string): URL | null {
  if (method !== "GET" && method !== "HEAD") return null;
  // Pages only: a health check or an API caller by address gets its answer where it asked.
  if (requestUrl.pathname.startsWith("/api/") || requestUrl.pathname.startsWith("/_next/")) return null;
  let configured: URL;
  try {
    configured = new URL(appUrl);
  } catch {
    return null;
  }
  if (requestUrl.host === configured.host) return null;
  if (!LOOPBACK.has(requestUrl.hostname) || !LOOPBACK.has(configured.hostname)) return null;
  if (requestUrl.port !== configured.port) return null; // another app on this machine, not another name
  return new URL(`${requestUrl.pathname}${requestUrl.search}`, configured.origin);
}

/** The sign-in page's address for a denial at the platform, or null for any other request. */
export function accessDeniedRedirect(requestUrl: URL): URL | null {
  if (!requestUrl.pathname.startsWith("/api/auth/callback/")) return null;
  if (requestUrl.searchParams.get("error") !== "access_denied") return null;
  return new URL("/signin?error=AccessDenied", requestUrl.origin);
}

/** The sign-in page's address that brings a signed-out person back to `returnTo` afterwards. */
export function signInAddress(returnTo: string | null | undefined, reason?: "broken" | "revoked"): string {
  const query = new URLSearchParams(reason ? { reason } : {});
  if (
    returnTo &&
    returnTo !== "/" &&
    returnTo.startsWith("/") &&
    !returnTo.startsWith("//") &&
    !returnTo.startsWith("/signin")
  )
    query.set("callbackUrl", returnTo);
  const search = query.toString();
  return search ? `/signin?${search}` : "/signin";
}
