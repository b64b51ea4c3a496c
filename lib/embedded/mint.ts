// Mints one session grant for the signed-in user (spec 4.3) and hands the browser what the
// platform's embed library needs to open a feature with it: the grant's secret token, the
// application's public key and the platform's web origin (the library's `domain`; it builds the
// address, with its own frame id and the page's origin as the messages' target). Role-based mode
// sends no body (the token names the user); clinic-level mode sends the user's user_id and
// user_type. Never stores, caches or logs the grant: the caller hands the answer straight to the
// browser. A POST is never retried by the client, so a grant is never minted twice for one mount.
import "server-only";
import { clientForUser, sessionGrantBodyFor } from "@/lib/auth/platform-client";
import { getConfig } from "@/lib/config";
import type { EmbedPatientOptions, EmbedSession } from "@/lib/embedded/session";

/** The origin the embed page may talk to: the app as users reach it (APP_URL, as for sign-in). */
export function appOrigin(): string {
  return new URL(getConfig().appUrl).origin;
}

/** The origin the app's page accepts messages from (and frames, see lib/security-headers): CLINIC_WEB_URL's. */
export function platformWebOrigin(): string {
  return new URL(getConfig().clinicWebUrl).origin;
}

export async function mintEmbedSession(
  userId: string,
  patient: EmbedPatientOptions | null = null,
): Promise<EmbedSession> {
  const client = await clientForUser(userId);
  const grant = await client.createSessionGrant(await sessionGrantBodyFor(userId));
  return {
    secret_token: grant.secret_token,
    public_key: getConfig().embedPublicKey,
    web_origin: platformWebOrigin(),
    grant_id: grant.id,
    expires_at: grant.expires_at ?? null,
    patient,
  };
}
