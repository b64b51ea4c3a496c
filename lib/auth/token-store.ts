// The platform connections in PostgreSQL: storing a fresh token pair (sealed), reading the access
// token back, and the connection states an admin sees. Refreshing lives in refresh.ts; this module
// never talks to the platform.
import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { OAuthToken } from "@/lib/contract";
import { tokenExpiry } from "@/lib/clinic-api/oauth";
import { openSecret, sealSecret, SECRET_PURPOSES } from "@/lib/auth/secrets";

/** Refresh when less than this is left, so a request never starts with a token about to lapse. */
export const REFRESH_AHEAD_MS = 5 * 60 * 1000;

export type ConnectionOwner = { kind: "user"; userId: string } | { kind: "clinic"; clinicId: string };

export interface SaveConnectionInput {
  clinicId: string;
  owner: ConnectionOwner;
  token: OAuthToken;
  connectedById?: string;
}

type Tx = Prisma.TransactionClient;

/** The sealed columns of a token response. */
export function sealedTokenColumns(token: OAuthToken) {
  return {
    accessTokenEnc: sealSecret(token.access_token, SECRET_PURPOSES.accessToken),
    refreshTokenEnc: sealSecret(token.refresh_token, SECRET_PURPOSES.refreshToken),
    expiresAt: tokenExpiry(token),
    scope: token.scope,
  };
}

/**
 * Stores a new token pair for the owner (replacing any earlier one, whatever its state). Returns
 * the connection id and the sealed refresh token it replaced, so the caller can revoke it.
 */
export async function saveConnection(
  input: SaveConnectionInput,
  tx: Tx = db,
): Promise<{ id: string; replacedRefreshTokenEnc?: string }> {
  const where = input.owner.kind === "user" ? { userId: input.owner.userId } : { clinicLevelFor: input.owner.clinicId };
  const previous = await tx.platformConnection.findUnique({ where, select: { refreshTokenEnc: true, state: true } });
  const fields = {
    ...sealedTokenColumns(input.token),
    clinicId: input.clinicId,
    platformUserId: input.token.resource_owner.id,
    platformUserType: input.token.resource_owner.type,
    connectedById: input.connectedById ?? null,
    state: "connected" as const,
    stateReason: null,
    connectedAt: new Date(),
    lastRefreshAt: null,
    refreshCount: 0,
  };
  const row = await tx.platformConnection.upsert({
    where,
    create: { ...where, ...fields },
    update: fields,
    select: { id: true },
  });
  const replaced = previous?.state === "connected" ? previous.refreshTokenEnc : undefined;
  return { id: row.id, replacedRefreshTokenEnc: replaced };
}

export function needsRefresh(expiresAt: Date, now: number = Date.now()): boolean {
  return expiresAt.getTime() - now < REFRESH_AHEAD_MS;
}

export type ConnectionStatus = "connected" | "expiring" | "broken" | "revoked";

/** What an admin sees of a connection: never a token. */
export function connectionStatus(row: { state: string; expiresAt: Date }, now: number = Date.now()): ConnectionStatus {
  if (row.state === "broken" || row.state === "revoked") return row.state;
  return needsRefresh(row.expiresAt, now) ? "expiring" : "connected";
}

export async function listClinicConnections(clinicId: string) {
  const rows = await db.platformConnection.findMany({
    where: { clinicId },
    orderBy: { connectedAt: "asc" },
    select: {
      id: true,
      userId: true,
      clinicLevelFor: true,
      platformUserId: true,
      platformUserType: true,
      state: true,
      stateReason: true,
      expiresAt: true,
      connectedAt: true,
      lastRefreshAt: true,
      refreshCount: true,
      user: { select: { id: true, name: true, isAdmin: true } },
    },
  });
  return rows.map(({ clinicLevelFor, ...row }) => ({
    ...row,
    clinicLevel: clinicLevelFor !== null,
    status: connectionStatus(row),
  }));
}

/** Opens both tokens of a connection row (for refresh and revoke; never leaves the server). */
export function openTokens(row: { accessTokenEnc: string; refreshTokenEnc: string }) {
  return {
    accessToken: openSecret(row.accessTokenEnc, SECRET_PURPOSES.accessToken),
    refreshToken: openSecret(row.refreshTokenEnc, SECRET_PURPOSES.refreshToken),
  };
}
