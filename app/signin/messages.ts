// What the sign-in page says for each reason it was shown: next-auth's error codes (?error=) and
// our own reconnect reasons (?reason=), as keys of the catalogs' `signin` messages. Unknown values
// get the generic line, never the raw value.
const ERRORS = ["OAuthSignin", "OAuthCallback", "Callback", "AccessDenied", "Configuration", "SessionRequired"];
const REASONS = ["broken", "revoked", "missing", "signedout"];

export function signInMessage(params: {
  error?: string;
  reason?: string;
}): { tone: "error" | "info"; key: `signin.errors.${string}` | `signin.reasons.${string}` } | null {
  if (params.error)
    return { tone: "error", key: `signin.errors.${ERRORS.includes(params.error) ? params.error : "Default"}` };
  if (params.reason && REASONS.includes(params.reason)) return { tone: "info", key: `signin.reasons.${params.reason}` };
  return null;
}

/**
 * Only a place on this site may be the place to return to after sign-in (no open redirect). Decided
 * by the parser a browser uses (WHATWG URL): it drops tabs and newlines, reads backslashes as
 * slashes and resolves `/./`, so `/\t/evil.example` and `/\\evil.example` are seen as the other site
 * they are. What comes back is the parsed path, query and fragment, which carry no raw control
 * characters (a newline in a redirect's Location header would fail the response).
 */
export function safeCallbackUrl(value: unknown, appOrigin: string): string {
  if (typeof value !== "string" || !value) return "/";
  let origin: string;
  try {
    origin = new URL(appOrigin).origin;
  } catch {
    return "/";
  }
  let url: URL;
  try {
    url = new URL(value, `${origin}/`);
  } catch {
    return "/";
  }
  if (url.origin !== origin) return "/";
  const place = `${url.pathname}${url.search}${url.hash}`;
  // A path that itself begins with two slashes would be read as another site once sent back.
  return place.startsWith("/") && !place.startsWith("//") ? place : "/";
}
