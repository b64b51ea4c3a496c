// The admin console's actions in the audit trail: whose connection or role, and the outcome. A clinic
// key is named by its last four characters only, as the console shows it.
import "server-only";
import type { Actor } from "@/lib/auth";
import { maskClinicKey } from "@/lib/admin/key-state";
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
