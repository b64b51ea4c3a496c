// The timeline's free-text search as one SQL condition. A term finds an event when it is in the
// event's data (as text), its type or its id, or when it is in the name of a person the event
// concerns: a patient (patient_names) or one of the clinic's practitioners and staff (people),
// whose ids the event's data holds (event_person_ids, see lib/events/person-ids.ts). So "Patel"
// finds her orders, plans and lab results, whose data names her by id alone. Each arm is served by
// an index (trigram GIN on data::text, type and the two name columns; GIN on the ids), so a rare
// term costs what its matches cost; a common one is found by reading the newest events first.
import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";

/** `%term%` for ILIKE, with the term's own `\`, `%` and `_` taken literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function searchCondition(clinicId: string, q: string): Prisma.Sql {
  const pattern = containsPattern(q);
  return Prisma.sql`(data::text ILIKE ${pattern} OR type ILIKE ${pattern} OR id = ${q}
    OR event_person_ids(data) && ARRAY(
      SELECT patient_id FROM patient_names WHERE clinic_id = ${clinicId} AND name ILIKE ${pattern}
      UNION ALL
      SELECT platform_user_id FROM people WHERE clinic_id = ${clinicId} AND display_name ILIKE ${pattern}))`;
}
