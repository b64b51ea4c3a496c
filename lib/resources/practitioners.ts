// The practitioners staff can act for, scoped to the caller's clinic: the clinic's directory
// (lib/people: the platform's people lists where it has them, else the practitioners who signed in
// to the app), and the practitioner ids the platform shows on the clinic's patients (a practitioner
// the directory does not know still has patients).
import "server-only";
import { db } from "@/lib/db";
import type { ClinicClient } from "@/lib/clinic-api/client";
import { iterateAll } from "@/lib/clinic-api/pagination";
import type { Patient } from "@/lib/contract";

export interface PractitionerOption {
  id: string;
  /** Known when the practitioner has signed in to the app. */
  name: string | null;
  patientCount: number;
}

/** Patients read to find practitioner ids: enough for a clinic, bounded for a very large one. */
const PATIENT_PAGES = 5;

const clinicPatients = (client: ClinicClient): AsyncGenerator<Patient> =>
  iterateAll((page) => client.patients(page), { maxPages: PATIENT_PAGES });

export async function clinicPractitioners(clinicId: string, client: ClinicClient): Promise<PractitionerOption[]> {
  const [users, people] = await Promise.all([
    db.user.findMany({
      where: { clinicId, platformUserType: "Practitioner" },
      select: { platformUserId: true, name: true },
    }),
    db.person.findMany({
      where: { clinicId, type: "Practitioner", OR: [{ listed: true }, { source: { not: "platform" } }] },
      select: { platformUserId: true, displayName: true },
    }),
  ]);
  const byId = new Map<string, PractitionerOption>(
    users.map((u) => [u.platformUserId, { id: u.platformUserId, name: u.name, patientCount: 0 }]),
  );
  for (const p of people) byId.set(p.platformUserId, { id: p.platformUserId, name: p.displayName, patientCount: 0 });
  for await (const patient of clinicPatients(client)) {
    if (!patient.practitioner_id) continue;
    const known = byId.get(patient.practitioner_id) ?? { id: patient.practitioner_id, name: null, patientCount: 0 };
    known.patientCount += 1;
    byId.set(known.id, known);
  }
  return [...byId.values()].sort((a, b) => (a.name ?? `~${a.id}`).localeCompare(b.name ?? `~${b.id}`));
}

/** Whether `practitionerId` is one of the clinic's practitioners (app users first: no platform call). */
export async function isClinicPractitioner(
  clinicId: string,
  client: ClinicClient,
  practitionerId: string,
): Promise<boolean> {
  const [user, person] = await Promise.all([
    db.user.findFirst({
      where: { clinicId, platformUserId: practitionerId, platformUserType: "Practitioner" },
      select: { id: true },
    }),
    db.person.findFirst({
      where: { clinicId, platformUserId: practitionerId, type: "Practitioner", source: "platform", listed: true },
      select: { type: true },
    }),
  ]);
  if (user || person) return true;
  for await (const patient of clinicPatients(client)) if (patient.practitioner_id === practitionerId) return true;
  return false;
}
