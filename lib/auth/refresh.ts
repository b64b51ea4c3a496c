// Refreshing a connection's token exactly once, however many requests (in however many app
// processes) find it expired at the same time. The lock is the connection's row (SELECT … FOR
// UPDATE in a transaction): whoever gets it second re-reads the row, sees the new token and uses it
// instead of spending the refresh token again. The rotated refresh token is written in the same
// transaction. invalid_grant marks the connection broken and ends its user's sessions: only a new
// sign-in can mend it.
import "server-only";
import { db } from "@/lib/db";
import type { OAuthClient } from "@/lib/clinic-api/oauth";
import { InvalidGrantError } from "@/lib/clinic-api/errors";
import { ReconnectRequiredError } from "@/lib/auth/errors";
import { platformOAuth, OAUTH_TIMEOUT_MS } from "@/lib/auth/platform-oauth";
import { needsRefresh, openTokens, sealedTokenColumns } from "@/lib/auth/token-store";
import { openSecret, SECRET_PURPOSES } from "@/lib/auth/secrets";
import { endUserSessions, SESSION_ENDED } from "@/lib/auth/sessions";

export interface RefreshOptions {
  /** The token the platform just refused (401): refresh unless the stored one already differs. */
  rejectedToken?: string;
  oauth?: Pick<OAuthClient, "refresh">;
  now?: () => number;
}

type Outcome = { kind: "token"; accessToken: string } | { kind: "reconnect"; reason: "broken" | "revoked" | "missing" };

/** Returns an access token that is fresh (or newer than `rejectedToken`); throws ReconnectRequiredError. */
export async function refreshTokenOnce(connectionId: string, options: RefreshOptions = {}): Promise<string> {
  const now = options.now ?? Date.now;
  const outcome = await db.$transaction(
    async (tx): Promise<Outcome> => {
      // Wait here for whoever is refreshing this connection right now.
      const locked = await tx.$queryRaw<
        Array<{ id: string }>
      >`SELECT id FROM platform_connections WHERE id = ${connectionId} FOR UPDATE`;
      if (locked.length === 0) return { kind: "reconnect", reason: "missing" };
      const row = await tx.platformConnection.findUniqueOrThrow({ where: { id: connectionId } });
      if (row.state !== "connected") return { kind: "reconnect", reason: row.state };
      const current = openSecret(row.accessTokenEnc, SECRET_PURPOSES.accessToken);
      const stillGood =
        options.rejectedToken !== undefined ? current !== options.rejectedToken : !needsRefresh(row.expiresAt, now());
      if (stillGood) return { kind: "token", accessToken: current };

      try {
        const token = await (options.oauth ?? platformOAuth()).refresh(openTokens(row).refreshToken);
        await tx.platformConnection.update({
          where: { id: connectionId },
          data: { ...sealedTokenColumns(token), lastRefreshAt: new Date(now()), refreshCount: { increment: 1 } },
        });
        return { kind: "token", accessToken: token.access_token };
      } catch (error) {
        if (!(error instanceof InvalidGrantError)) throw error; // platform down: nothing changed, try again later
        await tx.platformConnection.update({
          where: { id: connectionId },
          data: {
            state: "broken",
            stateReason: "admin.connectionReasons.invalidGrant", // a catalog key (lib/auth/state-reason.ts)
          },
        });
        // The user's access ended at the platform: so do their sessions here.
        if (row.userId) await endUserSessions(row.userId, SESSION_ENDED.broken, tx);
        return { kind: "reconnect", reason: "broken" };
      }
    },
    // Waiting for the pool and the lock can take a while under a burst; the refresh itself is one
    // HTTP call bounded by OAUTH_TIMEOUT_MS (twice, for a 429).
    { maxWait: 30_000, timeout: 3 * OAUTH_TIMEOUT_MS },
  );
  if (outcome.kind === "reconnect") throw new ReconnectRequiredError(outcome.reason);
  return outcome.accessToken;
}
