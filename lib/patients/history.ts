// One patient's history from the event store, for the patient page: every event that concerns them
// (their own patient events, and the orders, plans and lab results whose data holds their id),
// newest first, found through the indexed list of ids each event concerns (event_person_ids, see
// lib/events/person-ids.ts); their name as the clinic's events left it; and what the newest patient
// event said about them. Only the caller's clinic: another clinic's patient has no history here.
import "server-only";
import type { Db } from "@/lib/db";
import {
  knownNames,
  TIMELINE_COLUMNS,
  toTimelineEvent,
  type TimelineEvent,
  type TimelineRow,
} from "@/lib/events/timeline/list";

/** The newest events the page shows; an older one is a search of the timeline away. */
export const PATIENT_EVENTS_LIMIT = 200;

const PATIENT_FIELDS = ["email", "date_of_birth", "mobile_number", "gender"] as const;
export type PatientField = (typeof PATIENT_FIELDS)[number];

export interface PatientHistory {
  patientId: string;
  /** As the clinic's events or the platform's list last named them; null when nothing did. */
  name: string | null;
  /** What the newest patient event said of them (only the fields the page shows). */
  details: Partial<Record<PatientField, string>>;
  events: TimelineEvent[];
  /** More events than PATIENT_EVENTS_LIMIT concern them. */
  more: boolean;
}

/** Whether the store knows this patient at all (a name, or an event about them). */
export const knownInStore = (h: PatientHistory) => h.name !== null || h.events.length > 0;

export async function patientHistory(db: Db, clinicId: string, patientId: string): Promise<PatientHistory> {
  const [rows, named] = await Promise.all([
    db.$queryRaw<TimelineRow[]>`
      SELECT ${TIMELINE_COLUMNS} FROM events
      WHERE clinic_id = ${clinicId} AND event_person_ids(data) @> ARRAY[${patientId}]::text[]
      ORDER BY created_at DESC, id DESC LIMIT ${PATIENT_EVENTS_LIMIT + 1}`,
    db.patientName.findUnique({ where: { clinicId_patientId: { clinicId, patientId } }, select: { name: true } }),
  ]);
  const page = rows.slice(0, PATIENT_EVENTS_LIMIT);
  const names = await knownNames(db, clinicId, page);
  return {
    patientId,
    name: named?.name ?? null,
    details: detailsOf(page, patientId),
    events: page.map((r) => toTimelineEvent(r, names)),
    more: rows.length > PATIENT_EVENTS_LIMIT,
  };
}

function detailsOf(rows: readonly TimelineRow[], patientId: string): PatientHistory["details"] {
  for (const row of rows) {
    if (!row.type.startsWith("patient.")) continue;
    const record = (row.data as { patient?: Record<string, unknown> } | null)?.patient;
    if (!record || record.id !== patientId) continue;
    return Object.fromEntries(
      PATIENT_FIELDS.flatMap((field) => {
        const value = record[field];
        return typeof value === "string" && value.trim() ? [[field, value.trim()]] : [];
      }),
    );
  }
  return {};
}
