// The OAuth endpoints (spec 2.1, 4.1, 5): the authorize address, code exchange, refresh and revoke.
// These authenticate with the application's client secret, not a Bearer token. A refresh is never
// retried after a time-out or 5xx: the platform may have rotated the token already, and sending the
// old refresh token again would spend it. Token values never appear in errors or reports.
import "server-only";
import {
  OAUTH_PATHS,
  RevokeResponseSchema,
  TokenResponseSchema,
  type AuthorizationCodeTokenRequest,
  type OAuthToken,
  type RefreshTokenRequest,
  type RevokeRequest,
} from "@/lib/contract";
import { buildUrl, createTransport, type TransportOptions } from "@/lib/clinic-api/transport";

export interface OAuthClientOptions extends TransportOptions {
  clientId: string;
  clientSecret: string;
  /** The app's callback address, registered with the platform. */
  redirectUri: string;
}

export type OAuthClient = ReturnType<typeof createOAuthClient>;

export function createOAuthClient(options: OAuthClientOptions) {
  const send = createTransport(options);
  const { clientId, clientSecret, redirectUri } = options;
  const token = async (body: AuthorizationCodeTokenRequest | RefreshTokenRequest): Promise<OAuthToken> =>
    (await send({ method: "POST", path: OAUTH_PATHS.token, body, schema: TokenResponseSchema })).oauth;
  return {
    authorizationUrl: (state: string, scope?: string): string =>
      buildUrl(options.baseUrl.replace(/\/+$/, ""), OAUTH_PATHS.authorize, {
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: "code",
        state,
        scope,
      }),
    exchangeCode: (code: string) =>
      token({
        grant_type: "authorization_code",
        client_id: clientId,
        client_secret: clientSecret,
        code,
        redirect_uri: redirectUri,
      }),
    refresh: (refreshToken: string) =>
      token({
        grant_type: "refresh_token",
        client_id: clientId,
        client_secret: clientSecret,
        refresh_token: refreshToken,
        redirect_uri: redirectUri,
      }),
    revoke: async (tokenValue: string): Promise<void> => {
      const body: RevokeRequest = { client_id: clientId, client_secret: clientSecret, token: tokenValue };
      await send({ method: "POST", path: OAUTH_PATHS.revoke, body, schema: RevokeResponseSchema });
    },
  };
}

/** When a token stops being valid: `created_at + expires_in` (spec 2.1). */
export function tokenExpiry(token: Pick<OAuthToken, "created_at" | "expires_in">): Date {
  return new Date(Date.parse(token.created_at) + token.expires_in * 1000);
}
