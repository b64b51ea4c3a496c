// Every kind of audit entry, with the words the audit page and the CSV export show for it. Shared by
// the server (which records them) and the browser (the filter's list). One place, so a new action is
// named once and the filter offers it at once.
export const AUDIT_ACTIONS = {
  "auth.signed_in": "Signed in",
  "auth.signed_out": "Signed out",
  "resource.created": "Created a resource",
  "resource.edited": "Edited a resource",
  "resource.file_replaced": "Replaced a resource's file",
  "resource.deleted": "Deleted a resource",
  "embedded.session_opened": "Opened the embedded treatment plans",
  "patients.searched": "Searched patients",
  "admin.promoted": "Made someone an admin",
  "admin.demoted": "Removed someone's admin role",
  "connection.revoked": "Revoked a platform connection",
  "connection.refresh_forced": "Forced a token refresh",
  "connection.reconnect_requested": "Asked someone to sign in again",
  "clinic_key.entered": "Entered the clinic key",
  "clinic_key.removed": "Removed the clinic key",
  "clinic.settings_changed": "Changed the clinic's settings",
  "reconciliation.started": "Started a reconciliation",
  "alert.sent": "Alert sent to the admins",
  "alert.acknowledged": "Acknowledged an alert",
  "alert.resolved": "Alert resolved",
  "alert.email_changed": "Changed where alerts are emailed",
  "alert.test_email_sent": "Sent a test alert email",
  "audit.exported": "Exported the audit trail",
  "audit.entries_removed": "Removed entries past the retention period",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, value);
}

/** What the app itself is called where no person acted (scheduled jobs). */
export const SYSTEM_ACTOR_LABEL = "Clinic Connect (automatic)";
