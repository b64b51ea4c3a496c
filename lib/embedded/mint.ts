// Mints one session grant for the signed-in user (spec 4.3) and turns it into the embed page's
// address. Role-based mode sends no body (the token names the user); clinic-level mode sends the
// user's user_id and user_type. Never stores, caches or logs the grant: the caller hands the answer
// straight to the browser. A POST is never retried by the client, so a grant is never minted twice
// for one mount.
import "server-only";
import { clientForUser, sessionGrantBodyFor } from "@/lib/auth/platform-client";
import { platformSettings } from "@/lib/clinic-api/settings";
import { getConfig } from "@/lib/config";
import { embedUrl } from "@/lib/contract";
import type { EmbedSession } from "@/lib/embedded/session";

/** The origin the embed page may talk to: the app as users reach it (APP_URL, as for sign-in). */
export function appOrigin(): string {
  return new URL(getConfig().appUrl).origin;
}

/** The origin the app's page accepts messages from (and frames, see lib/security-headers). */
export function platformOrigin(): string {
  return new URL(platformSettings().baseUrl).origin;
}

export async function mintEmbedSession(userId: string): Promise<EmbedSession> {
  const client = await clientForUser(userId);
  const grant = await client.createSessionGrant(await sessionGrantBodyFor(userId));
  return {
    src: embedUrl(platformSettings().baseUrl, grant.secret_token, appOrigin()),
    grant_id: grant.id,
    expires_at: grant.expires_at,
  };
}
