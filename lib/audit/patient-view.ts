// A patient page read in the audit trail (HIPAA's audit controls cover access as well as change):
// one entry per view, with who (the entry's actor), when, which patient (by id, and by the name the
// page showed) and how many rows it showed, from the store and from the platform. Not one per row.
import "server-only";
import type { Caller } from "@/lib/people/caller";
import { recordAudit } from "@/lib/audit/record";

export interface PatientViewCounts {
  /** Events from the store. */
  events: number;
  /** Treatment plans from the platform (null when they could not be read). */
  plans: number | null;
}

export async function auditPatientViewed(
  caller: Caller,
  patient: { id: string; name: string | null },
  counts: PatientViewCounts,
): Promise<void> {
  await recordAudit({
    clinicId: caller.clinicId,
    actorUserId: caller.user.id,
    action: "patients.viewed",
    target: { type: "patient", id: patient.id },
    details: { patient: patient.name, rows: counts.events + (counts.plans ?? 0), ...counts },
  });
}
