// An authenticated platform client for a signed-in user: their own connection in role-based mode,
// the clinic's connection in clinic-level mode, with the clinic key when the clinic has one.
import "server-only";
import { db } from "@/lib/db";
import { createClinicClient, type ClinicClient } from "@/lib/clinic-api/client";
import { platformSettings, type PlatformSettings } from "@/lib/clinic-api/settings";
import type { SessionGrantRequest } from "@/lib/contract";
import { ReconnectRequiredError } from "@/lib/auth/errors";
import { openClinicKey } from "@/lib/auth/secrets";
import { connectionTokenProvider, type TokenRow } from "@/lib/auth/token-provider";
import { takePlatformTurn, type QuotaScope } from "@/lib/limits/platform-quota";
import { observePlatformBody } from "@/lib/drift/endpoints";
import { log } from "@/lib/log/logger";

/** The connection a user acts through, or ReconnectRequiredError("missing"). */
export async function connectionIdForUser(userId: string, authMode = platformSettings().authMode): Promise<string> {
  const where = await connectionOf(userId, authMode);
  const connection = await db.platformConnection.findUnique({ where, select: { id: true } });
  if (!connection) throw new ReconnectRequiredError("missing");
  return connection.id;
}

export async function clientForUser(userId: string): Promise<ClinicClient> {
  const settings = platformSettings();
  // One read finds the connection, its clinic's key and its token: every read before the first
  // platform call is time the person waits, so they are not made one after another.
  const where = await connectionOf(userId, settings.authMode);
  const connection = await db.platformConnection.findUnique({ where, select: CONNECTION_FOR_CLIENT });
  if (!connection) throw new ReconnectRequiredError("missing");
  // The person's clinic: the connection's user's, or the clinic the clinic-level connection is for.
  return clientOf(connection, settings.baseUrl, { clinicId: connection.user?.clinicId ?? connection.clinicId, userId });
}

/** Which connection a user acts through: their own, or in clinic-level mode their clinic's (one more read). */
async function connectionOf(userId: string, authMode: PlatformSettings["authMode"]) {
  if (authMode !== "clinic") return { userId };
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { clinicId: true } });
  return { clinicLevelFor: user.clinicId };
}

/** What a client needs of its connection: whose it is, the clinic key, and the token as read. */
const CONNECTION_FOR_CLIENT = {
  id: true,
  clinicId: true,
  userId: true,
  state: true,
  accessTokenEnc: true,
  expiresAt: true,
  clinic: { select: { clinicKeyEnc: true } },
  user: { select: { clinicId: true } },
} as const;

type ConnectionForClient = {
  id: string;
  clinicId: string;
  userId: string | null;
  clinic: { clinicKeyEnc: string | null };
} & TokenRow;

/**
 * A client acting through one connection (also for jobs that act for a clinic, e.g. reconciliation).
 * Each request takes a turn from the quota of `scope` (lib/quota): a person's by default when the
 * connection is a user's, the clinic's background share otherwise.
 */
export async function clientForConnection(
  connectionId: string,
  baseUrl = platformSettings().baseUrl,
  scope?: QuotaScope,
): Promise<ClinicClient> {
  const connection = await db.platformConnection.findUniqueOrThrow({
    where: { id: connectionId },
    select: CONNECTION_FOR_CLIENT,
  });
  return clientOf(connection, baseUrl, scope ?? { clinicId: connection.clinicId, userId: connection.userId });
}

function clientOf(connection: ConnectionForClient, baseUrl: string, quota: QuotaScope): ClinicClient {
  return createClinicClient({
    baseUrl,
    beforeAttempt: () => takePlatformTurn(quota),
    observeBody: observePlatformBody,
    credentials: {
      // The row just read serves the first token; later calls read it again.
      tokens: connectionTokenProvider(connection.id, {}, connection),
      clinicKey: openClinicKey(connection.clinic.clinicKeyEnc),
      clinicKeyHeader: platformSettings().headerNames.clinicKey,
      onClinicKeyRefused: () => noteClinicKeyRefused(connection.clinicId, connection.clinic.clinicKeyEnc),
    },
  });
}

/**
 * The platform refused the stored clinic key: the key's state says so (an admin must enter it again)
 * until a key is entered. Only the key that was sent: one entered meanwhile is not marked refused.
 */
async function noteClinicKeyRefused(clinicId: string, sealedKey: string | null): Promise<void> {
  if (!sealedKey) return;
  await db.clinic
    .updateMany({ where: { id: clinicId, clinicKeyEnc: sealedKey }, data: { clinicKeyRefusedAt: new Date() } })
    // The person still hears why their request failed; the state is noted at the next refusal.
    .catch((error: unknown) => log.warn(`clinic key: the refusal could not be noted: ${(error as Error).name}`));
}

/**
 * A connection that can act for the whole clinic (for jobs such as reconciliation): the clinic's
 * own in clinic-level mode; in role-based mode a connected user's, admins first.
 */
export async function connectionIdForClinic(clinicId: string, authMode = platformSettings().authMode): Promise<string> {
  const connection = await db.platformConnection.findFirst({
    where:
      authMode === "clinic"
        ? { clinicLevelFor: clinicId, state: "connected" }
        : { clinicId, userId: { not: null }, state: "connected" },
    orderBy: [{ user: { isAdmin: "desc" } }, { connectedAt: "asc" }],
    select: { id: true },
  });
  if (!connection) throw new ReconnectRequiredError("missing");
  return connection.id;
}

/** The clinic's background work (reconciliation, alert checks): it yields to people (lib/quota). */
export async function clientForClinic(clinicId: string): Promise<ClinicClient> {
  return clientForConnection(await connectionIdForClinic(clinicId), undefined, { clinicId, userId: null });
}

/**
 * The body of a session grant request for this user (spec 4.3): empty in role-based mode (the token
 * names the user), the user's platform id and type in clinic-level mode.
 */
export async function sessionGrantBodyFor(
  userId: string,
  authMode = platformSettings().authMode,
): Promise<SessionGrantRequest> {
  if (authMode === "role") return {};
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { platformUserId: true, platformUserType: true },
  });
  return { user_id: user.platformUserId, user_type: user.platformUserType };
}
