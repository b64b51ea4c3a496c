// What an admin may do to the clinic's people and connections. Callers pass the actor an admin
// action resolved (lib/actions/builder.ts); every function re-checks that the target belongs to the
// actor's clinic, so an id from another clinic is refused here, whatever the page around it showed.
import "server-only";
import { db } from "@/lib/db";
import { revokeConnection, type RevokeResult } from "@/lib/auth/revoke";
import { lockClinic } from "@/lib/auth/admin-rights";
import { appendAuditEntry } from "@/lib/audit/record";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { ActionError } from "@/lib/actions/action-error";
import { notFound, refused, type ActionFailure } from "@/lib/actions/result";

export interface Actor {
  userId: string;
  clinicId: string;
}

/** An admin's request the clinic's rules refuse; the action answers with its failure as it is. */
export class AdminActionError extends ActionError {
  constructor(failure: ActionFailure) {
    super(failure);
    this.name = "AdminActionError";
  }
}

/**
 * An admin's explicit promote or demote: an override of what the platform's role says, kept across
 * sign-ins and directory refreshes, with who set it and when (lib/auth/admin-rights.ts).
 */
export async function setAdmin(actor: Actor, targetUserId: string, isAdmin: boolean): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockClinic(tx, actor.clinicId);
    const target = await tx.user.findFirst({ where: { id: targetUserId, clinicId: actor.clinicId } });
    if (!target) throw new AdminActionError(notFound("user"));
    if (
      !isAdmin &&
      target.isAdmin &&
      (await tx.user.count({ where: { clinicId: actor.clinicId, isAdmin: true } })) === 1
    ) {
      throw new AdminActionError(refused("admin.actions.lastAdmin"));
    }
    await tx.user.update({
      where: { id: target.id },
      data: { isAdmin, adminOverride: isAdmin, adminOverrideById: actor.userId, adminOverrideAt: new Date() },
    });
  });
}

/**
 * The operator's grant (`npm run admin:grant`), for a clinic whose platform has no people lists or no
 * Clinic admin yet: makes a user who has signed in an admin, as an override by nobody of the clinic,
 * recorded in the clinic's audit trail. Returns false when no such user has signed in.
 */
export async function grantAdminAsOperator(
  client: PrismaClient,
  clinicId: string,
  platformUserId: string,
): Promise<{ userId: string; name: string | null } | null> {
  const user = await client.$transaction(async (tx) => {
    await lockClinic(tx, clinicId);
    const target = await tx.user.findUnique({ where: { clinicId_platformUserId: { clinicId, platformUserId } } });
    if (!target) return null;
    return tx.user.update({
      where: { id: target.id },
      data: { isAdmin: true, adminOverride: true, adminOverrideById: null, adminOverrideAt: new Date() },
    });
  });
  if (!user) return null;
  await appendAuditEntry(client, {
    clinicId,
    actorUserId: null,
    action: "admin.promoted",
    target: { type: "user", id: user.id },
    details: { by: "operator (npm run admin:grant)" },
  });
  return { userId: user.id, name: user.name };
}

/** Revokes a user's or the clinic's connection (the admin console's "revoke"). */
export async function revokeClinicConnection(actor: Actor, connectionId: string): Promise<RevokeResult> {
  const connection = await db.platformConnection.findFirst({
    where: { id: connectionId, clinicId: actor.clinicId },
    select: { id: true },
  });
  if (!connection) throw new AdminActionError(notFound("connection"));
  return revokeConnection(connection.id, "admin.connectionReasons.revokedByAdmin");
}

export async function listClinicUsers(actor: Actor) {
  return db.user.findMany({
    where: { clinicId: actor.clinicId },
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      name: true,
      platformUserId: true,
      platformUserType: true,
      isAdmin: true,
      adminOverride: true,
      adminOverrideById: true,
      lastSignInAt: true,
    },
  });
}
