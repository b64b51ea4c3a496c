// POST /api/oauth/token: authorization_code and refresh_token grants (spec 4.1, docs/platform-api.md).
// Refresh rotates: the old refresh token is spent (reuse → invalid_grant) and the old access
// token stops working. Reusing a code revokes what it issued (RFC 6749 4.1.2).
import { ACCESS_TOKEN_LIFETIME_SECONDS, AUTHORIZATION_CODE_LIFETIME_SECONDS, type TokenResponse } from "@/lib/contract";
import { secret } from "../core/random";
import { OAuthError } from "../http/errors";
import { json, type Reply } from "../http/reply";
import type { Ctx } from "../http/router";
import type { SandboxState } from "../state/store";
import type { ApplicationRow, TokenGrantRow } from "../state/types";
import { authenticateClient } from "./clients";

function str(body: Record<string, unknown>, key: string): string {
  const v = body[key];
  if (typeof v !== "string" || v === "") throw new OAuthError(400, "invalid_request", `${key} is required.`);
  return v;
}

function tokenResponse(s: SandboxState, grant: TokenGrantRow): TokenResponse {
  const now = s.clock.now();
  const access = secret("at", 24);
  const refresh = secret("rt", 24);
  s.accessTokens.set(access, { token: access, grantId: grant.id, createdAt: now, expired: false, revoked: false });
  s.refreshTokens.set(refresh, { token: refresh, grantId: grant.id, spent: false });
  const user = s.users.get(grant.userId);
  return {
    oauth: {
      access_token: access,
      token_type: "Bearer",
      expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
      refresh_token: refresh,
      scope: grant.scope,
      created_at: new Date(now).toISOString(),
      resource_owner: { id: grant.userId, type: user?.type ?? "Practitioner" },
    },
  };
}

export function revokeGrant(s: SandboxState, grantId: string): void {
  const grant = s.tokenGrants.get(grantId);
  if (grant) grant.revoked = true;
  for (const row of s.accessTokens.values()) if (row.grantId === grantId) row.revoked = true;
  for (const row of s.refreshTokens.values()) if (row.grantId === grantId) row.spent = true;
}

function exchangeCode(s: SandboxState, app: ApplicationRow, body: Record<string, unknown>): TokenResponse {
  const code = s.authCodes.get(str(body, "code"));
  const redirectUri = str(body, "redirect_uri");
  if (!code || code.clientId !== app.clientId)
    throw new OAuthError(400, "invalid_grant", "The authorization code is invalid.");
  if (code.usedAt !== null) {
    if (code.grantId) revokeGrant(s, code.grantId);
    throw new OAuthError(400, "invalid_grant", "The authorization code has already been used.");
  }
  if (s.clock.now() > code.issuedAt + AUTHORIZATION_CODE_LIFETIME_SECONDS * 1000) {
    throw new OAuthError(400, "invalid_grant", "The authorization code has expired (codes are valid for 10 minutes).");
  }
  if (code.redirectUri !== redirectUri)
    throw new OAuthError(400, "invalid_grant", "redirect_uri does not match the one used to obtain the code.");
  const user = s.users.get(code.userId);
  if (!user) throw new OAuthError(400, "invalid_grant", "The user of this code no longer exists.");
  code.usedAt = s.clock.now();
  const grant: TokenGrantRow = {
    id: s.ids.next("grant"),
    clientId: app.clientId,
    userId: user.id,
    clinicId: user.clinicId,
    mode: app.mode,
    scope: code.scope,
    revoked: false,
  };
  s.tokenGrants.set(grant.id, grant);
  code.grantId = grant.id;
  return tokenResponse(s, grant);
}

function refresh(s: SandboxState, app: ApplicationRow, body: Record<string, unknown>): TokenResponse {
  const row = s.refreshTokens.get(str(body, "refresh_token"));
  const grant = row ? s.tokenGrants.get(row.grantId) : undefined;
  if (!row || !grant || grant.clientId !== app.clientId)
    throw new OAuthError(400, "invalid_grant", "The refresh token is invalid.");
  if (row.spent || grant.revoked)
    throw new OAuthError(400, "invalid_grant", "The refresh token has already been used or was revoked.");
  row.spent = true;
  for (const access of s.accessTokens.values()) if (access.grantId === grant.id) access.revoked = true;
  return tokenResponse(s, grant);
}

export function tokenEndpoint(ctx: Ctx): Reply {
  const body = ctx.body as Record<string, unknown>;
  const s = ctx.s;
  const grantType = body.grant_type;
  if (typeof grantType !== "string" || grantType === "")
    throw new OAuthError(400, "invalid_request", "grant_type is required.");
  if (grantType !== "authorization_code" && grantType !== "refresh_token") {
    throw new OAuthError(400, "unsupported_grant_type", "grant_type must be authorization_code or refresh_token.");
  }
  const isRefresh = grantType === "refresh_token";
  try {
    const app = authenticateClient(s, ctx.req, body);
    const response = isRefresh ? refresh(s, app, body) : exchangeCode(s, app, body);
    if (isRefresh) s.stats.token_refreshes_succeeded += 1;
    else s.stats.code_exchanges_succeeded += 1;
    return json(200, response);
  } catch (err) {
    if (isRefresh) s.stats.token_refreshes_failed += 1;
    else s.stats.code_exchanges_failed += 1;
    throw err;
  }
}

export function revokeEndpoint(ctx: Ctx): Reply {
  const body = ctx.body as Record<string, unknown>;
  const app = authenticateClient(ctx.s, ctx.req, body);
  const token = str(body, "token");
  const grantId = ctx.s.accessTokens.get(token)?.grantId ?? ctx.s.refreshTokens.get(token)?.grantId;
  const grant = grantId ? ctx.s.tokenGrants.get(grantId) : undefined;
  // Unknown tokens still answer 200 (RFC 7009); another client's token is left alone.
  if (grant && grant.clientId === app.clientId) revokeGrant(ctx.s, grant.id);
  ctx.s.stats.revocations += 1;
  return json(200, {});
}
