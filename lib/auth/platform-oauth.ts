// The OAuth client of this deployment (token exchange, refresh, revoke) built from configuration.
// Refresh and revoke get a short time-out and only 429 retries (see lib/clinic-api/oauth.ts): they
// run while a database lock is held.
import "server-only";
import { createOAuthClient, type OAuthClient } from "@/lib/clinic-api/oauth";
import { platformSettings } from "@/lib/clinic-api/settings";
import { observePlatformBody } from "@/lib/drift/endpoints";

export const OAUTH_TIMEOUT_MS = 10_000;

export function platformOAuth(redirectUri?: string): OAuthClient {
  const settings = platformSettings();
  return createOAuthClient({
    baseUrl: settings.baseUrl,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    redirectUri: redirectUri ?? settings.redirectUri,
    timeoutMs: OAUTH_TIMEOUT_MS,
    retry: { maxAttempts: 2, maxRetryAfterMs: 5_000 },
    observeBody: observePlatformBody,
  });
}
