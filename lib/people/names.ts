// Names of the clinic's people for pages: id → name from the directory (lib/people/directory.ts).
import "server-only";
import type { ClinicClient } from "@/lib/clinic-api/client";
import { readPagesAtOnce } from "@/lib/clinic-api/pagination";
import { db } from "@/lib/db";
import { fullName, rememberPatientNames } from "@/lib/people/directory";

/** The clinic's practitioners and staff the directory names, by platform id (all, or those of `ids`). */
export async function peopleNames(clinicId: string, ids?: readonly string[]): Promise<Record<string, string>> {
  const rows = await db.person.findMany({
    where: { clinicId, ...(ids ? { platformUserId: { in: [...new Set(ids)] } } : {}) },
    select: { platformUserId: true, displayName: true },
  });
  return Object.fromEntries(rows.map((r) => [r.platformUserId, r.displayName]));
}

/** Patients' names the clinic's events carried, by patient id. */
export async function patientNames(clinicId: string, ids: readonly string[]): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  const rows = await db.patientName.findMany({
    where: { clinicId, patientId: { in: [...new Set(ids)] } },
    select: { patientId: true, name: true },
  });
  return Object.fromEntries(rows.map((r) => [r.patientId, r.name]));
}

/** Keeps the names of patients as a page of the platform's list shows them now (newest wins). */
export async function rememberListedPatients(
  clinicId: string,
  patients: ReadonlyArray<{ id: string; first_name: string; last_name: string }>,
  asOf = new Date(),
): Promise<void> {
  await rememberPatientNames(
    db,
    patients.flatMap((p) => {
      const name = fullName(p.first_name, p.last_name);
      return name ? [{ clinicId, patientId: p.id, name, asOf }] : [];
    }),
  );
}

/** Pages of the platform's patient list read to name patients no event named: bounded for a very large clinic. */
const PATIENT_PAGES = 5;

/**
 * Names of these patients: the directory's, and for those it lacks, the platform's patient list
 * (up to PATIENT_PAGES pages, the names it shows remembered). A patient found nowhere stays unnamed.
 */
export async function namePatients(
  client: Pick<ClinicClient, "patients">,
  clinicId: string,
  ids: readonly string[],
): Promise<Record<string, string>> {
  const names = await patientNames(clinicId, ids);
  const missing = new Set(ids.filter((id) => !names[id]));
  if (missing.size === 0) return names;
  const found: Array<{ id: string; first_name: string; last_name: string }> = [];
  // Two round trips at most: the first page, then, if someone is still missing, the others at once.
  const pages = await readPagesAtOnce((page) => client.patients(page), {
    maxPages: PATIENT_PAGES,
    enough: (first) => first.items.filter((p) => missing.has(p.id)).length === missing.size,
  });
  for (const patient of pages.flatMap((p) => p.items)) {
    if (!missing.has(patient.id)) continue;
    found.push(patient);
    names[patient.id] = fullName(patient.first_name, patient.last_name);
    missing.delete(patient.id);
  }
  await rememberListedPatients(clinicId, found);
  return names;
}
