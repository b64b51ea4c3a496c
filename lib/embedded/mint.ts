// Mints one session grant for the signed-in user (spec 4.3) and turns it into the address of the
// platform's treatment plan page, as its embed library opens it: on the platform's web address, with
// the application's public key, a frame id of this mount and the app's origin as the messages'
// target (lib/contract/embed.ts). Role-based mode sends no body (the token names the user); clinic-level mode sends the
// user's user_id and user_type. Never stores, caches or logs the grant: the caller hands the answer
// straight to the browser. A POST is never retried by the client, so a grant is never minted twice
// for one mount.
import "server-only";
import { randomUUID } from "node:crypto";
import { clientForUser, sessionGrantBodyFor } from "@/lib/auth/platform-client";
import { getConfig } from "@/lib/config";
import { embedUrl } from "@/lib/contract";
import type { EmbedSession } from "@/lib/embedded/session";

/** The origin the embed page may talk to: the app as users reach it (APP_URL, as for sign-in). */
export function appOrigin(): string {
  return new URL(getConfig().appUrl).origin;
}

/** The origin the app's page accepts messages from (and frames, see lib/security-headers): CLINIC_WEB_URL's. */
export function platformWebOrigin(): string {
  return new URL(getConfig().clinicWebUrl).origin;
}

export async function mintEmbedSession(userId: string): Promise<EmbedSession> {
  const client = await clientForUser(userId);
  const grant = await client.createSessionGrant(await sessionGrantBodyFor(userId));
  const config = getConfig();
  const frameId = randomUUID();
  return {
    src: embedUrl({
      webUrl: config.clinicWebUrl,
      secretToken: grant.secret_token,
      publicKey: config.embedPublicKey,
      frameId,
      targetOrigin: appOrigin(),
    }),
    grant_id: grant.id,
    frame_id: frameId,
    expires_at: grant.expires_at ?? null,
  };
}
