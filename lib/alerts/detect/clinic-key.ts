// The clinic key the admin entered was revoked by the clinic (its clinic_key.revoked event arrived
// after the key was entered). Resolves once a new key is entered.
import "server-only";
import { clinicKeyView } from "@/lib/admin/clinic-key";
import type { Verdict } from "@/lib/alerts/finding";
import type { ClinicKeyDetails } from "@/lib/alerts/kinds";

export const CLINIC_KEY_ALERT_KEY = "clinic_key_revoked";

export async function revokedClinicKey(clinicId: string): Promise<Verdict> {
  const view = await clinicKeyView(clinicId);
  const event = view.state === "revoked" ? view.decidedBy : null;
  const details: ClinicKeyDetails | null = event ? { eventId: event.id, revokedAt: event.createdAt } : null;
  return {
    owns: (key) => key === CLINIC_KEY_ALERT_KEY,
    findings: details
      ? [{ key: CLINIC_KEY_ALERT_KEY, kind: "clinic_key_revoked", stage: "open", details: { ...details } }]
      : [],
  };
}
