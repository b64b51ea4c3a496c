// Bearer authentication (spec 5.3) and the acting user. Role-based tokens act as their user;
// clinic-level tokens act as the clinic (spec 5.5).
import type { IncomingMessage } from "node:http";
import { ACCESS_TOKEN_LIFETIME_SECONDS } from "@/lib/contract";
import { ApiError } from "../http/errors";
import type { SandboxState } from "../state/store";
import type { TokenGrantRow, UserRow } from "../state/types";

export interface Principal {
  grant: TokenGrantRow;
  clinicId: string;
  /** The user who authorized (for clinic-level tokens: the one who approved the connection). */
  user: UserRow;
  mode: "role" | "clinic";
  clientId: string;
}

const challenge = (error: string, description: string) => ({
  "WWW-Authenticate": `Bearer realm="clinic", error="${error}", error_description="${description}"`,
});

export function bearerToken(req: IncomingMessage): string | null {
  const header = req.headers.authorization ?? "";
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : null;
}

export function isAccessTokenExpired(s: SandboxState, createdAt: number, expired: boolean): boolean {
  return expired || s.clock.now() >= createdAt + ACCESS_TOKEN_LIFETIME_SECONDS * 1000;
}

export function authenticate(s: SandboxState, req: IncomingMessage): Principal {
  const token = bearerToken(req);
  if (!token) {
    throw ApiError.of(
      401,
      "unauthorized",
      "Send an access token as 'Authorization: Bearer <token>'.",
      undefined,
      challenge("invalid_request", "missing access token"),
    );
  }
  const row = s.accessTokens.get(token);
  const grant = row ? s.tokenGrants.get(row.grantId) : undefined;
  if (!row || !grant || row.revoked || grant.revoked) {
    throw ApiError.of(
      401,
      "unauthorized",
      "The access token is invalid or has been revoked.",
      undefined,
      challenge("invalid_token", "invalid access token"),
    );
  }
  if (isAccessTokenExpired(s, row.createdAt, row.expired)) {
    throw ApiError.of(
      401,
      "token_expired",
      "The access token has expired; refresh it.",
      undefined,
      challenge("invalid_token", "The access token expired"),
    );
  }
  const user = s.users.get(grant.userId);
  if (!user) throw ApiError.of(401, "unauthorized", "The token's user no longer exists.");
  return { grant, clinicId: grant.clinicId, user, mode: grant.mode, clientId: grant.clientId };
}
