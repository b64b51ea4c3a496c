// The work after the webhook's answer: marks an event processed and counts it in the per-day chart
// projection (by category and type, on the day of the clinic's zone: lib/events/daily-counts.ts), and keeps names of the clinic's people an event carries (lib/people)
// or queues a lookup of a patient it names by id alone,
// all in one transaction that takes the event out of event_backlog, so a job that runs twice (a
// retry, a sweep racing the queue) counts the event once: the second finds no backlog row. Events stay linked
// to their clinic by clinic_id alone, so events of a clinic nobody has connected yet wait here until
// someone does. An event that names no clinic (NO_CLINIC) is counted nowhere; catalog news among
// them is filed under every clinic here, and the copies counted (lib/events/catalog.ts). Once
// committed, the events' fields are held against the documented schemas for the drift report (lib/drift).
import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/db";
import { dayIn } from "@/lib/format/days";
import { lockedTimeZones } from "@/lib/events/daily-counts";
import { recordEventDrift } from "@/lib/drift/events";
import { warnDriftNotWritten } from "@/lib/drift/store";
import { patientNameOf, peopleOfEvent, rememberPatientNames, rememberPeopleFromEvents } from "@/lib/people/directory";
import { NO_CLINIC } from "@/lib/events/record";
import { patientIdsOf } from "@/lib/events/summary";
import { queueUnknownPatients } from "@/lib/people/lookups";
import { CATALOG_CATEGORIES, fileCatalogNews } from "@/lib/events/catalog";

/** What one processing adds to one per-day counter. */
interface DailyCount {
  clinicId: string;
  category: string;
  type: string;
  day: string;
  n: number;
}

/** Processes the given events; returns how many were processed now (not already before). */
export async function processEvents(db: Db, eventIds: readonly string[]): Promise<number> {
  if (eventIds.length === 0) return 0;
  const taken = await db.$transaction(async (tx) => {
    const taken = await tx.$queryRaw<
      Array<{
        id: string;
        clinic_id: string;
        category: string;
        type: string;
        created_at: Date;
        people: unknown;
        data: unknown;
      }>
    >`
      WITH taken AS (
        DELETE FROM event_backlog WHERE event_id IN (${Prisma.join([...eventIds])}) RETURNING event_id
      )
      SELECT e.id, e.clinic_id, e.category, e.type, e.created_at,
        CASE WHEN e.data ?| array['practitioner', 'staff', 'patient', 'lab_order'] THEN e.data END AS people,
        CASE WHEN e.data_issue IS NULL THEN e.data END AS data
      FROM events e JOIN taken ON e.id = taken.event_id`;
    const catalog = taken.filter((row) => row.clinic_id === NO_CLINIC && CATALOG_CATEGORIES.includes(row.category));
    const copies = await fileCatalogNews(
      tx,
      catalog.map((row) => ({ id: row.id, data: row.data })),
    );
    const claimed = [
      ...taken.filter((row) => row.clinic_id !== NO_CLINIC),
      ...copies.map((c) => ({ ...c, people: null, data: null })),
    ];
    const patientNames = claimed.flatMap((row) => patientNameOf(row.clinic_id, row.people, row.created_at) ?? []);
    await rememberPatientNames(tx, patientNames);
    // Patients the events name by id alone whom no name is known for: asked of the platform (lib/people/lookups.ts).
    await queueUnknownPatients(
      tx,
      claimed.flatMap((row) => patientIdsOf(row.data).map((patientId) => ({ clinicId: row.clinic_id, patientId }))),
    );
    const oldestFirst = [...claimed].sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
    await rememberPeopleFromEvents(
      tx,
      oldestFirst.flatMap((row) => peopleOfEvent(row.clinic_id, row.people)),
    );
    const zones = await lockedTimeZones(
      tx,
      claimed.map((row) => row.clinic_id),
    );
    const counts = new Map<string, DailyCount>();
    for (const row of claimed) {
      const day = dayIn(row.created_at, zones.get(row.clinic_id)!);
      const key = `${row.clinic_id}\u0000${row.category}\u0000${row.type}\u0000${day}`;
      const entry = counts.get(key) ?? { clinicId: row.clinic_id, category: row.category, type: row.type, day, n: 0 };
      entry.n += 1;
      counts.set(key, entry);
    }
    await addDailyCounts(tx, [...counts.values()]);
    return taken;
  });
  // After the commit, and never failing it: drift is reported, not a reason to refuse an event.
  await recordEventDrift(db, taken).catch(warnDriftNotWritten);
  return taken.length;
}

/**
 * Adds to the per-day counters in one statement, in key order: two processings at once (a job's
 * batch beside a recovery's pass) share counters, and rows locked in the order each met them would
 * deadlock, one of them rolled back and its events left for a retry.
 */
async function addDailyCounts(tx: Prisma.TransactionClient, counts: readonly DailyCount[]): Promise<void> {
  if (counts.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO event_daily_counts (clinic_id, day, category, type, count)
    SELECT c.clinic_id, c.day::date, c.category, c.type, c.n
    FROM unnest(${counts.map((c) => c.clinicId)}::text[], ${counts.map((c) => c.day)}::text[],
      ${counts.map((c) => c.category)}::text[], ${counts.map((c) => c.type)}::text[], ${counts.map((c) => c.n)}::int[])
      AS c(clinic_id, day, category, type, n)
    ORDER BY c.clinic_id, c.day, c.category, c.type
    ON CONFLICT (clinic_id, day, category, type) DO UPDATE SET count = event_daily_counts.count + EXCLUDED.count`;
}

/** Ids of events stored more than `olderThanMs` ago and still unprocessed (the sweep's work). */
export async function unprocessedEventIds(
  db: Db,
  olderThanMs = 60_000,
  limit = 500,
  clinicIds?: readonly string[],
): Promise<string[]> {
  const rows = await db.eventBacklog.findMany({
    where: { clinicId: clinicIds && { in: [...clinicIds] }, receivedAt: { lt: new Date(Date.now() - olderThanMs) } },
    select: { eventId: true },
    orderBy: { receivedAt: "asc" },
    take: limit,
  });
  return rows.map((r) => r.eventId);
}

/**
 * Processes groups of events (a fetch of jobs, the sweep's events) in one transaction, and when that
 * fails, group by group, so that one odd group does not hold back the others' events. It still
 * fails then, with the first group's failure, for the queue to try again (processing is idempotent).
 */
export async function processEventGroups(db: Db, groups: ReadonlyArray<readonly string[]>): Promise<number> {
  try {
    return await processEvents(db, groups.flat());
  } catch (error) {
    if (groups.length === 1) throw error;
    let processed = 0;
    let failure: unknown = null;
    for (const group of groups)
      processed += await processEvents(db, group).catch((e: unknown) => {
        failure ??= e;
        return 0;
      });
    if (failure) throw failure;
    return processed;
  }
}

/** Events read from the backlog, each its own group should one of them be odd. */
const processFromBacklog = (db: Db, ids: readonly string[]) =>
  processEventGroups(
    db,
    ids.map((id) => [id]),
  );

/** The sweep: events left unprocessed a while (a lost prompt). */
export async function processLeftBehind(db: Db): Promise<number> {
  return processFromBacklog(db, await unprocessedEventIds(db));
}

/**
 * Processes every event of a clinic left unprocessed until now, and the events stored under no
 * clinic (the catalog news a clinic's reconciliation lists). For a process that died: the
 * processing jobs it had taken come back only when they expire (minutes), and the sweep waits a
 * minute; processing is idempotent, so doing it now is safe beside any job still on its way.
 */
export async function processClinicBacklog(db: Db, clinicId: string, batch = 500): Promise<number> {
  let processed = 0;
  for (;;) {
    const ids = await unprocessedEventIds(db, 0, batch, [clinicId, NO_CLINIC]);
    if (ids.length === 0) return processed;
    processed += await processFromBacklog(db, ids);
    if (ids.length < batch) return processed;
  }
}
