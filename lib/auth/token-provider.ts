// The token provider the platform client asks for Bearer tokens: reads the connection, refreshes
// ahead of expiry or after a 401 through refreshTokenOnce (the database lock). Concurrent requests
// of this process share one refresh attempt first, so a burst costs one lock wait, not fifty.
import "server-only";
import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import type { TokenProvider } from "@/lib/clinic-api/authorized";
import { ReconnectRequiredError, type ReconnectReason } from "@/lib/auth/errors";
import { refreshTokenOnce, type RefreshOptions } from "@/lib/auth/refresh";
import { needsRefresh } from "@/lib/auth/token-store";
import { openSecret, SECRET_PURPOSES } from "@/lib/auth/secrets";

const inFlight = new Map<string, Promise<string>>();

function shared(key: string, run: () => Promise<string>): Promise<string> {
  let pending = inFlight.get(key);
  if (!pending) {
    pending = run().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/** What the provider reads of a connection. */
export interface TokenRow {
  state: "connected" | ReconnectReason;
  accessTokenEnc: string;
  expiresAt: Date;
}

/** `read`: the connection's row as its caller has just read it, used for the first token only. */
export function connectionTokenProvider(
  connectionId: string,
  options: Omit<RefreshOptions, "rejectedToken"> = {},
  read?: TokenRow,
): TokenProvider {
  const now = options.now ?? Date.now;
  let first: TokenRow | undefined = read;
  return {
    async getAccessToken() {
      const row =
        first ??
        (await db.platformConnection.findUnique({
          where: { id: connectionId },
          select: { state: true, accessTokenEnc: true, expiresAt: true },
        }));
      first = undefined;
      if (!row) throw new ReconnectRequiredError("missing");
      if (row.state !== "connected") throw new ReconnectRequiredError(row.state);
      if (!needsRefresh(row.expiresAt, now())) return openSecret(row.accessTokenEnc, SECRET_PURPOSES.accessToken);
      return shared(`${connectionId}:ahead`, () => refreshTokenOnce(connectionId, options));
    },
    refreshAfterUnauthorized(rejectedToken) {
      // Keyed by a digest: the in-memory map never holds a token as a key.
      const digest = createHash("sha256").update(rejectedToken).digest("base64url");
      return shared(`${connectionId}:401:${digest}`, () =>
        refreshTokenOnce(connectionId, { ...options, rejectedToken }),
      );
    },
  };
}
