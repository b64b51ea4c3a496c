// Past events of every type, spread over 45 days so that the 30-day window shows (some events are
// older than 30 days, some newer), plus a clinic-key history: two earlier keys that were activated
// and revoked, and a current key that is not yet activated.
import { EVENT_TYPES, type EventType } from "@/lib/contract";
import { pick } from "../core/random";
import { issueKey } from "../platform/clinic-key";
import { recordEvent } from "../events/emit";
import { clinicKeyInfo, labOrderRecord, orderRecord, patientRecord, productRecord, treatmentPlanRecord } from "../state/serialize";
import type { SandboxState } from "../state/store";
import type { ClinicRow } from "../state/types";

const DAY = 86_400_000;

function objectFor(s: SandboxState, clinicId: string, type: EventType, random: () => number): Record<string, unknown> {
  const of = <T extends { clinicId: string }>(m: Map<string, T>) => pick(random, [...m.values()].filter((r) => r.clinicId === clinicId));
  if (type.startsWith("patient.")) return patientRecord(of(s.patients), "2024-01");
  if (type.startsWith("product.")) return productRecord(of(s.products));
  if (type.startsWith("treatment_plan.")) return treatmentPlanRecord(s, of(s.treatmentPlans));
  if (type === "order.placed") return orderRecord(of(s.orders));
  return labOrderRecord(of(s.labOrders));
}

export function seedHistory(s: SandboxState, clinic: ClinicRow, random: () => number, now: number): void {
  const at = (days: number) => Math.round(now - days * DAY);
  // Clinic keys: [issued, activated, revoked] in days ago; the last one stays unactivated.
  for (const [issued, activated, revoked] of [[60, 44, 38], [37, 20, 12]]) {
    const key = issueKey(s, clinic.id, at(issued));
    key.activatedAt = at(activated);
    recordEvent(s, { clinicId: clinic.id, type: "clinic_key.activated", object: clinicKeyInfo(s, key), at: key.activatedAt });
    key.revokedAt = at(revoked);
    recordEvent(s, { clinicId: clinic.id, type: "clinic_key.revoked", object: clinicKeyInfo(s, key), at: key.revokedAt });
  }
  issueKey(s, clinic.id, at(11));

  for (const type of EVENT_TYPES) {
    if (type.startsWith("clinic_key.")) continue;
    // Two events older than 30 days, three inside the window.
    const ages = [31 + random() * 14, 31 + random() * 14, 0.2 + random() * 28, 0.2 + random() * 28, 0.2 + random() * 28];
    for (const age of ages) {
      const object = objectFor(s, clinic.id, type, random);
      const previous = type.endsWith(".updated") ? { updated_at: new Date(at(age + 3)).toISOString() } : null;
      recordEvent(s, { clinicId: clinic.id, type, object, previousAttributes: previous, at: at(age) });
    }
  }
  s.events.sort((a, b) => a.createdAt - b.createdAt || a.seq - b.seq);
}
