// The patient an embedded feature opens on, as the platform's library takes one: their id, and the
// details the clinic's newest patient event gave (names, email, date of birth). Only what is known
// is sent; an unknown patient is their id alone, which the platform matches itself. The details go
// to the browser in the mint route's no-store answer and are never logged.
import "server-only";
import * as z from "zod";
import type { Db } from "@/lib/db";
import type { EmbedPatientOptions } from "@/lib/embedded/session";

/** The fields of a patient event's record that the library passes on (the platform's names). */
const PatientRecordSchema = z.looseObject({
  id: z.string(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  email: z.string().nullish(),
  date_of_birth: z.string().nullish(),
});
const PatientEventSchema = z.looseObject({ patient: PatientRecordSchema });

/** Patient events read to find the newest that describes them (another patient's can name them too). */
const EVENTS_READ = 5;

const known = (value: string | null | undefined) => (value?.trim() ? value.trim() : undefined);

export async function embedPatient(db: Db, clinicId: string, patientId: string): Promise<EmbedPatientOptions> {
  const rows = await db.$queryRaw<{ data: unknown }[]>`
    SELECT data FROM events
    WHERE clinic_id = ${clinicId} AND type LIKE 'patient.%' AND event_person_ids(data) @> ARRAY[${patientId}]::text[]
    ORDER BY created_at DESC, id DESC LIMIT ${EVENTS_READ}`;
  for (const row of rows) {
    const parsed = PatientEventSchema.safeParse(row.data);
    if (!parsed.success || parsed.data.patient.id !== patientId) continue;
    const p = parsed.data.patient;
    const details = {
      firstName: known(p.first_name),
      lastName: known(p.last_name),
      email: known(p.email),
      // The library passes a date as it is given; the platform's is YYYY-MM-DD.
      dateOfBirth: /^\d{4}-\d{2}-\d{2}$/.test(p.date_of_birth ?? "") ? (p.date_of_birth ?? undefined) : undefined,
    };
    return { id: patientId, ...Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined)) };
  }
  return { id: patientId };
}
