// What an admin may do to the clinic's people and connections. Callers pass the actor an admin
// action resolved (lib/actions/builder.ts); every function re-checks that the target belongs to the
// actor's clinic, so an id from another clinic is refused here, whatever the page around it showed.
import "server-only";
import { db } from "@/lib/db";
import { revokeConnection, type RevokeResult } from "@/lib/auth/revoke";
import { lockClinic } from "@/lib/auth/admin-rights";
import { appendAuditEntry } from "@/lib/audit/record";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/people/caller";
import { ActionError } from "@/lib/results/action-error";
import { notFound, refused, type ActionFailure } from "@/lib/results/result";

export type { Actor };

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
 * An admin's grant of admin rights to someone the clinic's directory lists who has not signed in yet
 * (`grant` false withdraws it): kept on their directory entry, it becomes their override at their
 * first sign-in (lib/auth/admin-rights.ts). Someone who has signed in meanwhile is refused: their
 * row now offers the user's promote and demote. Returns their name for the audit trail and the answer.
 */
export async function setAdminBeforeSignIn(actor: Actor, platformUserId: string, grant: boolean): Promise<string> {
  return db.$transaction(async (tx) => {
    await lockClinic(tx, actor.clinicId);
    const key = { clinicId_platformUserId: { clinicId: actor.clinicId, platformUserId } };
    const person = await tx.person.findUnique({ where: key, select: { displayName: true, listed: true } });
    if (!person?.listed) throw new AdminActionError(notFound("user"));
    if (await tx.user.findUnique({ where: key, select: { id: true } }))
      throw new AdminActionError(refused("admin.actions.signedInMeanwhile"));
    await tx.person.update({
      where: key,
      data: grant
        ? { adminGrantById: actor.userId, adminGrantAt: new Date() }
        : { adminGrantById: null, adminGrantAt: null },
    });
    return person.displayName;
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
  const connection = await connectionOfClinic(actor, connectionId);
  return revokeConnection(connection.id, "admin.connectionReasons.revokedByAdmin");
}

/** A connection of the admin's own clinic, or "not found": another clinic's id is never told apart. */
export async function connectionOfClinic(actor: Actor, connectionId: string) {
  const row = await db.platformConnection.findFirst({ where: { id: connectionId, clinicId: actor.clinicId } });
  if (!row) throw new AdminActionError(notFound("connection"));
  return row;
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
