// Revoking tokens at the platform: on sign-out, on disconnect by an admin, and for tokens a new
// sign-in replaced. Revoking a user's connection ends their sessions (lib/auth/sessions.ts). The local row is marked revoked whether or not the platform answered, so the
// app stops using it either way; the platform's answer is reported, never the token.
import "server-only";
import { db } from "@/lib/db";
import type { OAuthClient } from "@/lib/clinic-api/oauth";
import { platformOAuth } from "@/lib/auth/platform-oauth";
import { openSecret, SECRET_PURPOSES } from "@/lib/auth/secrets";
import { openTokens } from "@/lib/auth/token-store";
import { endUserSessions, SESSION_ENDED } from "@/lib/auth/sessions";

export type RevokeResult = { revokedAtPlatform: boolean };

/** Revokes the refresh token first (it is the long-lived one), then the access token. */
export async function revokeTokenPair(
  oauth: Pick<OAuthClient, "revoke">,
  tokens: { accessToken: string; refreshToken: string },
): Promise<boolean> {
  const results = await Promise.allSettled([oauth.revoke(tokens.refreshToken), oauth.revoke(tokens.accessToken)]);
  return results.every((r) => r.status === "fulfilled");
}

export async function revokeSealedRefreshToken(
  refreshTokenEnc: string,
  oauth: Pick<OAuthClient, "revoke">,
): Promise<void> {
  await oauth.revoke(openSecret(refreshTokenEnc, SECRET_PURPOSES.refreshToken)).catch(() => {});
}

const SIGNED_OUT = "admin.connectionReasons.signedOut"; // a catalog key (lib/auth/state-reason.ts)

/** Revokes one connection at the platform and marks it revoked here. */
export async function revokeConnection(
  connectionId: string,
  reason: string,
  oauth: Pick<OAuthClient, "revoke"> = platformOAuth(),
): Promise<RevokeResult> {
  // Take the row under lock so a refresh running now cannot write a new pair after we revoke.
  const tokens = await db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM platform_connections WHERE id = ${connectionId} FOR UPDATE`;
      const row = await tx.platformConnection.findUnique({ where: { id: connectionId } });
      // A user's access ends with their connection: every session of theirs, on its next request
      // (signed out, when they signed out elsewhere: no one revoked anything).
      const ended = reason === SIGNED_OUT ? SESSION_ENDED.signedOut : SESSION_ENDED.revoked;
      if (row?.userId) await endUserSessions(row.userId, ended, tx);
      if (!row || row.state === "revoked") return null;
      await tx.platformConnection.update({
        where: { id: connectionId },
        data: { state: "revoked", stateReason: reason },
      });
      return openTokens(row);
    },
    { maxWait: 30_000, timeout: 30_000 },
  );
  if (!tokens) return { revokedAtPlatform: false };
  return { revokedAtPlatform: await revokeTokenPair(oauth, tokens) };
}

/** Sign-out: a user's own connection in role-based mode. The clinic's connection stays (an admin disconnects it). */
export async function revokeOnSignOut(
  userId: string,
  authMode: "role" | "clinic",
  oauth?: Pick<OAuthClient, "revoke">,
): Promise<RevokeResult> {
  if (authMode === "clinic") return { revokedAtPlatform: false };
  const connection = await db.platformConnection.findUnique({ where: { userId }, select: { id: true } });
  if (!connection) return { revokedAtPlatform: false };
  return revokeConnection(connection.id, SIGNED_OUT, oauth);
}
