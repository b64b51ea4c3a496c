// The timeline's free-text search. A term finds an event when it is in the event's data (as text),
// its type or its id; or when it is in the name of a person the event concerns: a patient
// (patient_names) or one of the clinic's practitioners and staff (people), whose ids the event's data
// holds (event_person_ids, see lib/events/person-ids.ts). So "Patel" finds her orders, plans and lab
// results, whose data names her by id alone.
// The two are separate reads, merged by the caller (lib/events/timeline/list.ts): in one OR, the
// planner reads the newest events first and checks every row's text, where the ids' index has the
// few rows at once. Apart, each is served by its own index: trigram GIN on
// data::text and type (and on the two name columns), GIN on the ids.
import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/db";

/** `%term%` for ILIKE, with the term's own `\`, `%` and `_` taken literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The term in the event itself: its data as text, its type, or its id. */
export function textCondition(q: string): Prisma.Sql {
  const pattern = containsPattern(q);
  return Prisma.sql`(data::text ILIKE ${pattern} OR type ILIKE ${pattern} OR id = ${q})`;
}

/** The ids of the clinic's patients, practitioners and staff whose name holds the term. */
export async function idsNamed(db: Db, clinicId: string, q: string): Promise<string[]> {
  const pattern = containsPattern(q);
  const rows = await db.$queryRaw<Array<{ id: string }>>`
    SELECT patient_id AS id FROM patient_names WHERE clinic_id = ${clinicId} AND name ILIKE ${pattern}
    UNION
    SELECT platform_user_id FROM people WHERE clinic_id = ${clinicId} AND display_name ILIKE ${pattern}`;
  return rows.map((r) => r.id);
}

/** Events that concern one of these people (the GIN index over event_person_ids answers it). */
export const concernsCondition = (ids: readonly string[]) => Prisma.sql`event_person_ids(data) && ${[...ids]}::text[]`;
