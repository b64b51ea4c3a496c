// OAuth 2.0 shapes (spec 2.1, 4.1, 5): authorize query, token requests, token response, revoke,
// and RFC 6749 error bodies. Refresh and revoke follow the platform's public behaviour (docs/platform-api.md).
import { z } from "zod";
import { TimestampSchema, UserRefSchema } from "./common";

export const OAUTH_PATHS = {
  authorize: "/api/oauth/authorize",
  token: "/api/oauth/token",
  revoke: "/api/oauth/revoke",
} as const;

export const ACCESS_TOKEN_LIFETIME_SECONDS = 7200;
export const AUTHORIZATION_CODE_LIFETIME_SECONDS = 600;

export const AuthorizeQuerySchema = z.object({
  client_id: z.string().min(1),
  redirect_uri: z.url(),
  response_type: z.literal("code"),
  state: z.string().optional(),
  scope: z.string().optional(),
});
export type AuthorizeQuery = z.infer<typeof AuthorizeQuerySchema>;

export const AuthorizationCodeTokenRequestSchema = z.object({
  grant_type: z.literal("authorization_code"),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  code: z.string().min(1),
  redirect_uri: z.string().min(1),
});
export type AuthorizationCodeTokenRequest = z.infer<typeof AuthorizationCodeTokenRequestSchema>;

/** Refresh grant. `redirect_uri` is sent by the platform's examples but not required. */
export const RefreshTokenRequestSchema = z.object({
  grant_type: z.literal("refresh_token"),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  refresh_token: z.string().min(1),
  redirect_uri: z.string().optional(),
});
export type RefreshTokenRequest = z.infer<typeof RefreshTokenRequestSchema>;

export const TokenRequestSchema = z.discriminatedUnion("grant_type", [
  AuthorizationCodeTokenRequestSchema,
  RefreshTokenRequestSchema,
]);
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

/** Spec 2.1: every field is required; a key the platform adds is kept. */
export const OAuthTokenSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1),
  scope: z.string(),
  created_at: TimestampSchema,
  resource_owner: UserRefSchema,
});
export type OAuthToken = z.infer<typeof OAuthTokenSchema>;

/** Token endpoint response: `{"oauth": {...}}` (spec 2.1). */
export const TokenResponseSchema = z.looseObject({ oauth: OAuthTokenSchema });
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const RevokeRequestSchema = z.object({
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  token: z.string().min(1),
});
export type RevokeRequest = z.infer<typeof RevokeRequestSchema>;

/** Revoke answers `200 {}` whether or not the token was known (RFC 7009); anything else in it is kept. */
export const RevokeResponseSchema = z.looseObject({});

export const OAUTH_ERROR_CODES = [
  "invalid_request",
  "invalid_client",
  "invalid_grant",
  "unauthorized_client",
  "unsupported_grant_type",
  "invalid_scope",
  "access_denied",
  "unsupported_response_type",
] as const;
export const OAuthErrorCodeSchema = z.enum(OAUTH_ERROR_CODES);
export type OAuthErrorCode = z.infer<typeof OAuthErrorCodeSchema>;

/** RFC 6749 section 5.2 error body. */
export const OAuthErrorBodySchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});
export type OAuthErrorBody = z.infer<typeof OAuthErrorBodySchema>;

/** Scopes the sandbox grants (the real values are not published). */
export const SANDBOX_DEFAULT_SCOPE = "clinic:read clinic:write patients:read resources:write events:read";
