// One million stored events for the timeline benchmark, written by the database itself
// (INSERT … SELECT over generate_series: no round trips): 90% in the clinic being read, 10% in
// another, every event type, spread over a year (one every ~31 s), small data objects like the
// platform's; the chart projection filled the way the processing job fills it (by day on each
// clinic's clock, the default zone for a clinic with no row). Then ANALYZE.
import type pg from "pg";
import { EVENT_DATA_KEY, EVENT_TYPE_CATEGORY } from "@/lib/contract";
import { DEFAULT_CLINIC_TIME_ZONE } from "@/lib/format/time-zone";

export const BENCH_CLINIC = "clinic_bench";
export const OTHER_CLINIC = "clinic_other";
export const NEWEST = new Date("2026-01-01T00:00:00.000Z");
export const SPACING_SECONDS = 31;
/** Patients the events point at by id (`patient_id` in every record, as orders, plans and lab orders hold it). */
export const PATIENTS = 5000;
/** The one patient named so (1 in PATIENTS), and the surname that 1 patient in 100 shares. */
export const RARE_NAME = "Quarrington";
export const SHARED_SURNAME = "Patel";

export async function fillEvents(client: pg.Client, count: number, clinicId = BENCH_CLINIC): Promise<void> {
  // The search's trigram (GIN) indexes are built once after the fill, as a migration builds them
  // over existing events: kept up row by row, a million inserts take minutes instead of seconds.
  const gin = await client.query<{ name: string; definition: string }>(
    `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
     WHERE schemaname = current_schema() AND tablename = 'events' AND indexdef LIKE '% USING gin %'`,
  );
  for (const { name } of gin.rows) await client.query(`DROP INDEX "${name}"`);
  const types = Object.keys(EVENT_TYPE_CATEGORY);
  const categories = types.map((t) => EVENT_TYPE_CATEGORY[t as keyof typeof EVENT_TYPE_CATEGORY]);
  const dataKeys = categories.map((c) => EVENT_DATA_KEY[c]);
  await client.query(
    `INSERT INTO events (id, clinic_id, integration_id, type, category, created_at, received_at, source, data)
     SELECT 'evt_' || lpad(g::text, 8, '0'),
            CASE WHEN g % 10 = 0 THEN $2 ELSE $1 END,
            'int_bench',
            ($3::text[])[1 + g % $5],
            ($4::text[])[1 + g % $5],
            $6::timestamp - g * make_interval(secs => $7),
            $6::timestamp - g * make_interval(secs => $7) + interval '2 seconds',
            CASE WHEN g % 50 = 0 THEN 'reconciliation'::"EventSource" ELSE 'webhook'::"EventSource" END,
            jsonb_build_object(($9::text[])[1 + g % $5], jsonb_build_object('id', 'rec_' || (g % 20000), 'name', 'Name ' || (g % 977), 'patient_id', 'pat_' || (g % $10), 'note', md5(g::text)))
     FROM generate_series(1, $8::int) AS g`,
    [
      clinicId,
      OTHER_CLINIC,
      types,
      categories,
      types.length,
      NEWEST.toISOString().slice(0, 23),
      SPACING_SECONDS,
      count,
      dataKeys,
      PATIENTS,
    ],
  );
  await client.query(
    `INSERT INTO event_daily_counts (clinic_id, day, category, type, count)
     SELECT e.clinic_id, (e.created_at AT TIME ZONE 'UTC' AT TIME ZONE COALESCE(c.time_zone, $1))::date,
            e.category, e.type, count(*)
     FROM events e LEFT JOIN clinics c ON c.id = e.clinic_id GROUP BY 1, 2, 3, 4`,
    [DEFAULT_CLINIC_TIME_ZONE],
  );
  await fillPatientNames(client, clinicId);
  for (const { definition } of gin.rows) await client.query(definition);
  await client.query("VACUUM ANALYZE events");
  await client.query("ANALYZE event_daily_counts");
}

/**
 * The clinic's patients' names, as patient events leave them (patient_names): the events above name
 * nobody, they hold only `patient_id`, so these names find them through the ids alone.
 */
async function fillPatientNames(client: pg.Client, clinicId: string): Promise<void> {
  await client.query(
    `INSERT INTO patient_names (clinic_id, patient_id, name, as_of)
     SELECT $1, 'pat_' || n,
            CASE WHEN n = 4321 THEN 'Ottoline ' || $3 WHEN n % 100 = 7 THEN 'Given' || n || ' ' || $4 ELSE 'Given' || n || ' Family' || n END,
            $5::timestamp
     FROM generate_series(0, $2::int - 1) AS n
     ON CONFLICT DO NOTHING`,
    [clinicId, PATIENTS, RARE_NAME, SHARED_SURNAME, NEWEST.toISOString().slice(0, 23)],
  );
  await client.query("ANALYZE patient_names");
}
