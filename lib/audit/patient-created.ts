// A patient added from the app, in the audit trail: who (the entry's actor), which patient (by id and
// name), and the choices that reach the patient (the welcome email, their discount). Not their
// email, birth date or number: the platform holds those, and the trail need not repeat them.
import "server-only";
import type { Caller } from "@/lib/people/caller";
import type { Patient } from "@/lib/contract";
import { recordAudit } from "@/lib/audit/record";

export async function auditPatientCreated(
  caller: Caller,
  patient: Pick<Patient, "id" | "first_name" | "last_name">,
  choices: { welcomeEmail: boolean; discount: string | null },
): Promise<void> {
  await recordAudit({
    clinicId: caller.clinicId,
    actorUserId: caller.user.id,
    action: "patients.created",
    target: { type: "patient", id: patient.id },
    details: { patient: `${patient.first_name} ${patient.last_name}`.trim(), ...choices },
  });
}
