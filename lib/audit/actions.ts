// Every kind of audit entry. Shared by the server (which records them) and the browser (the filter's
// list). One place, so a new action is named once and the filter offers it at once; its words are in
// the catalogs (`audit.actions.<area>_<verb>`, lib/audit/describe.ts).
export const AUDIT_ACTION_NAMES = [
  "auth.signed_in",
  "auth.signed_out",
  "resource.created",
  "resource.edited",
  "resource.file_replaced",
  "resource.deleted",
  "embedded.session_opened",
  "patients.searched",
  "patients.viewed",
  "patients.created",
  "treatment_plan.cancelled",
  "events.searched",
  "events.viewed",
  "events.exported",
  "admin.promoted",
  "admin.demoted",
  "connection.revoked",
  "connection.refresh_forced",
  "connection.reconnect_requested",
  "clinic_key.entered",
  "clinic_key.removed",
  "clinic.settings_changed",
  "reconciliation.started",
  "alert.sent",
  "alert.acknowledged",
  "alert.resolved",
  "alert.email_changed",
  "alert.test_email_sent",
  "audit.exported",
  "audit.entries_removed",
] as const;

export type AuditAction = (typeof AUDIT_ACTION_NAMES)[number];

export function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTION_NAMES as readonly string[]).includes(value);
}

/** The catalog key of an action's label ("auth.signed_in" → "audit.actions.auth_signed_in"). */
export const auditActionKey = (action: AuditAction) => `audit.actions.${action.replace(".", "_")}`;

/** What the app itself is called where no person acted (scheduled jobs), as the trail records it. */
export const SYSTEM_ACTOR_LABEL = "Clinic Connect (automatic)";
