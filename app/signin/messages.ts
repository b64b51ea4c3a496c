// What the sign-in page says for each reason it was shown: next-auth's error codes (?error=) and
// our own reconnect reasons (?reason=). Unknown values get the generic line, never the raw value.
const ERROR_MESSAGES: Record<string, string> = {
  OAuthSignin: "The platform's sign-in page could not be opened. Try again in a moment.",
  OAuthCallback:
    "The platform's answer could not be used (it may have expired or been used already). Please sign in again.",
  Callback: "Signing in did not complete. Please try again.",
  AccessDenied: "The platform did not grant access. Ask your clinic's admin if you should have it.",
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

/** Only a path on this site may be the place to return to after sign-in (no open redirect). */
export function safeCallbackUrl(value: string | undefined): string {
  return value && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") ? value : "/";
}
