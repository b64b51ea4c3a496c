// Names of the clinic's people for pages: id → name from the directory (lib/people/directory.ts).
import "server-only";
import { db } from "@/lib/db";

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
