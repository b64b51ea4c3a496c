// The admin console's actions in the audit trail: whose connection or role, and the outcome. A clinic
// key is named by its last four characters only, as the console shows it.
import "server-only";
import type { Actor } from "@/lib/people/caller";
import { maskClinicKey } from "@/lib/format/clinic-key";
import { recordAudit } from "@/lib/audit/record";
import type { AuditAction } from "@/lib/audit/actions";

type ConnectionOrRoleAction = Extract<AuditAction, `connection.${string}` | `admin.${string}`>;

export function auditAdminAction(
  actor: Actor,
  action: ConnectionOrRoleAction,
  targetId: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  const targetType = action.startsWith("admin.") ? "user" : "connection";
  return recordAudit({
    clinicId: actor.clinicId,
    actorUserId: actor.userId,
    action,
    target: { type: targetType, id: targetId },
    details,
  });
}

/**
 * An admin's grant of admin rights to someone who has not signed in yet, or its withdrawal: about the
 * person as the platform names them (they have no user of the app yet).
 */
export function auditEarlyGrant(actor: Actor, platformUserId: string, grant: boolean): Promise<void> {
  return recordAudit({
    clinicId: actor.clinicId,
    actorUserId: actor.userId,
    action: grant ? "admin.promoted" : "admin.demoted",
    target: { type: "person", id: platformUserId },
    details: { beforeFirstSignIn: true },
  });
}

export function auditClinicKey(
  actor: Actor,
  action: "clinic_key.entered" | "clinic_key.removed",
  clinicKey?: string,
  integrationStatus?: string,
): Promise<void> {
  return recordAudit({
    clinicId: actor.clinicId,
    actorUserId: actor.userId,
    action,
    target: { type: "clinic", id: actor.clinicId },
    details: clinicKey ? { key: maskClinicKey(clinicKey), integrationStatus: integrationStatus ?? null } : {},
  });
}
