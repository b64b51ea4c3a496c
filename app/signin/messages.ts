// What the sign-in page says for each reason it was shown: next-auth's error codes (?error=) and
// our own reconnect reasons (?reason=). Unknown values get the generic line, never the raw value.
const ERROR_MESSAGES: Record<string, string> = {
  OAuthSignin: "The platform's sign-in page could not be opened. Try again in a moment.",
  OAuthCallback:
    "The platform's answer could not be used (it may have expired or been used already). Please sign in again.",
  Callback: "Signing in did not complete. Please try again.",
  AccessDenied:
    "Access was not allowed on the platform, so you are not signed in. To use the app, sign in again and approve the connection there; if you cannot, ask your clinic's admin.",
  Configuration: "Sign-in is not configured correctly on this server. Tell your administrator.",
  SessionRequired: "Please sign in to continue.",
  Default: "Signing in did not work. Please try again.",
};

const REASON_MESSAGES: Record<string, string> = {
  broken: "The platform no longer accepts your connection. Sign in again to reconnect.",
  revoked: "Your platform connection was revoked. Sign in again to reconnect.",
  missing: "Sign in with the platform to connect your account.",
  signedout: "You are signed out, and the app's access to the platform was revoked.",
};

export function signInMessage(params: {
  error?: string;
  reason?: string;
}): { tone: "error" | "info"; text: string } | null {
  if (params.error) return { tone: "error", text: ERROR_MESSAGES[params.error] ?? ERROR_MESSAGES.Default };
  if (params.reason && REASON_MESSAGES[params.reason]) return { tone: "info", text: REASON_MESSAGES[params.reason] };
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
