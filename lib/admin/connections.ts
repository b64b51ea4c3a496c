// What an admin may do to a connection beyond revoking it (lib/auth/admin.ts): force a refresh now,
// and ask its user to reconnect. Both re-check that the connection belongs to the actor's clinic.
import "server-only";
import { db } from "@/lib/db";
import { AdminActionError, connectionOfClinic, type Actor } from "@/lib/auth/admin";
import { refused } from "@/lib/results/result";
import { refreshTokenOnce } from "@/lib/auth/refresh";
import { revokeTokenPair } from "@/lib/auth/revoke";
import { platformOAuth } from "@/lib/auth/platform-oauth";
import { openSecret, SECRET_PURPOSES } from "@/lib/auth/secrets";
import { openTokens } from "@/lib/auth/token-store";

/** Why a connection was marked broken: a catalog key, said where it is shown (lib/auth/state-reason.ts). */
export const RECONNECT_REASON = "admin.connectionReasons.reconnectAsked";

/**
 * Refreshes the token now, whatever its expiry: the stored access token is handed to
 * refreshTokenOnce as "rejected", which makes it refresh under the row lock unless someone else
 * refreshed meanwhile. invalid_grant marks the connection broken (ReconnectRequiredError).
 */
export async function forceRefresh(actor: Actor, connectionId: string): Promise<{ expiresAt: Date }> {
  const row = await connectionOfClinic(actor, connectionId);
  if (row.state !== "connected") {
    throw new AdminActionError(refused("admin.actions.refreshCannotMend", {}, { state: row.state }));
  }
  await refreshTokenOnce(row.id, { rejectedToken: openSecret(row.accessTokenEnc, SECRET_PURPOSES.accessToken) });
  const after = await db.platformConnection.findUniqueOrThrow({ where: { id: row.id }, select: { expiresAt: true } });
  return after;
}

/**
 * Marks the connection broken with a reason the user will be shown, and revokes its tokens at the
 * platform so nothing valid lingers (a sign-in replacing a broken connection does not revoke it).
 */
export async function requestReconnect(actor: Actor, connectionId: string): Promise<{ revokedAtPlatform: boolean }> {
  await connectionOfClinic(actor, connectionId);
  const tokens = await db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM platform_connections WHERE id = ${connectionId} FOR UPDATE`;
      const row = await tx.platformConnection.findUniqueOrThrow({ where: { id: connectionId } });
      if (row.state === "revoked") throw new AdminActionError(refused("admin.actions.alreadyRevoked"));
      await tx.platformConnection.update({
        where: { id: connectionId },
        data: { state: "broken", stateReason: RECONNECT_REASON },
      });
      return row.state === "connected" ? openTokens(row) : null;
    },
    { maxWait: 30_000, timeout: 30_000 },
  );
  if (!tokens) return { revokedAtPlatform: false };
  return { revokedAtPlatform: await revokeTokenPair(platformOAuth(), tokens) };
}
