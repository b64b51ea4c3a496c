// Adds the caller's credentials to each request: `Authorization: Bearer` from a token provider and
// the clinic key header where the clinic has one. A 401 means the token was refused: ask the
// provider for a fresh one exactly once and replay the request once; a second 401 is final. A 403
// refusing the clinic key is told to `onClinicKeyRefused` before the caller sees it, so that the app
// can say the key must be entered again wherever it shows the key's state.
import type { z } from "zod";
import { HEADERS } from "@/lib/contract";
import { ForbiddenError, UnauthorizedError } from "@/lib/clinic-api/errors";
import type { RequestSpec, Send } from "@/lib/clinic-api/transport";

/** Where the client gets the user's (or the clinic's) access token. Implemented by lib/auth. */
export interface TokenProvider {
  /** A token that is valid now; the provider refreshes ahead of expiry. */
  getAccessToken(): Promise<string>;
  /**
   * The platform refused `rejectedToken` (401). Returns a token to replay with: a refreshed one,
   * or one somebody else refreshed meanwhile. Throws when the connection cannot be refreshed.
   */
  refreshAfterUnauthorized(rejectedToken: string): Promise<string>;
}

export interface Credentials {
  tokens: TokenProvider;
  /** The clinic key, when the clinic has entered one. */
  clinicKey?: string | (() => Promise<string | undefined>);
  /** The header it goes in: configuration (lib/config's headerNames), the spec's name by default. */
  clinicKeyHeader?: string;
  /** The platform refused the clinic key sent (unknown to it, or revoked). */
  onClinicKeyRefused?: () => Promise<void>;
}

/** The platform's codes for a clinic key it does not accept (spec 3, 5.6). */
export const CLINIC_KEY_REFUSAL_CODES: ReadonlySet<string> = new Set(["clinic_key_invalid", "clinic_key_revoked"]);

export function withCredentials(send: Send, credentials: Credentials): Send {
  return async function authorizedSend<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.infer<S>> {
    const clinicKey =
      typeof credentials.clinicKey === "function" ? await credentials.clinicKey() : credentials.clinicKey;
    const attempt = (token: string) =>
      send({
        ...spec,
        headers: {
          ...spec.headers,
          Authorization: `Bearer ${token}`,
          ...(clinicKey ? { [credentials.clinicKeyHeader ?? HEADERS.clinicKey]: clinicKey } : {}),
        },
      });
    const withReplay = async () => {
      const token = await credentials.tokens.getAccessToken();
      try {
        return await attempt(token);
      } catch (error) {
        if (!(error instanceof UnauthorizedError)) throw error;
        const fresh = await credentials.tokens.refreshAfterUnauthorized(token);
        return attempt(fresh);
      }
    };
    try {
      return await withReplay();
    } catch (error) {
      if (clinicKey && isClinicKeyRefusal(error)) await credentials.onClinicKeyRefused?.();
      throw error;
    }
  };
}

const isClinicKeyRefusal = (error: unknown): boolean =>
  error instanceof ForbiddenError && CLINIC_KEY_REFUSAL_CODES.has(error.code ?? "");
