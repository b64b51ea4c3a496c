// The practitioners staff can act for. The platform's API has no practitioner list (spec 4.7: "not
// shown"), so the directory joins two sources, both scoped to the caller's clinic: the app's own
// users who signed in as practitioners (with their names), and the practitioner ids the platform
// shows on the clinic's patients (a practitioner who has never signed in to the app still has
// patients). Nothing is copied into our database.
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
  const users = await db.user.findMany({
    where: { clinicId, platformUserType: "Practitioner" },
    select: { platformUserId: true, name: true },
  });
  const byId = new Map<string, PractitionerOption>(
    users.map((u) => [u.platformUserId, { id: u.platformUserId, name: u.name, patientCount: 0 }]),
  );
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
  const user = await db.user.findFirst({
    where: { clinicId, platformUserId: practitionerId, platformUserType: "Practitioner" },
    select: { id: true },
  });
  if (user) return true;
  for await (const patient of clinicPatients(client)) if (patient.practitioner_id === practitionerId) return true;
  return false;
}
