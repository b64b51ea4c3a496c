// The chart's projection (event_daily_counts) is keyed by day on the clinic's clock, so a bar is the
// same day as the date filter and the times shown. Processing counts each event on its clinic's day;
// when an admin changes the zone, the clinic's counts are rebuilt from its stored events in the same
// transaction as the change. Both take the clinic's row lock (the change FOR UPDATE, processing FOR
// SHARE), so an event processed while the rebuild runs is counted once, on the new zone's day: either
// the rebuild sees it processed, or processing waits and then reads the new zone.
import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/db";
import { DEFAULT_CLINIC_TIME_ZONE } from "@/lib/format/time-zone";
import { zoneRulesOf } from "@/lib/format/time";

type Tx = Prisma.TransactionClient | Db;

/** Each clinic's zone (the default for a clinic nobody has connected yet), locked against a change. */
export async function lockedTimeZones(tx: Tx, clinicIds: readonly string[]): Promise<Map<string, string>> {
  const zones = new Map<string, string>(clinicIds.map((id) => [id, DEFAULT_CLINIC_TIME_ZONE]));
  if (clinicIds.length === 0) return zones;
  const rows = await tx.$queryRaw<Array<{ id: string; time_zone: string }>>`
    SELECT id, time_zone FROM clinics WHERE id IN (${Prisma.join([...new Set(clinicIds)])}) ORDER BY id FOR SHARE`;
  for (const row of rows) zones.set(row.id, row.time_zone);
  return zones;
}

/**
 * Recounts a clinic's processed events by day in `timeZone` (inside the transaction that changed the
 * zone, which holds the clinic's row lock). Returns the number of events counted.
 */
export async function rebuildDailyCounts(tx: Tx, clinicId: string, timeZone: string): Promise<number> {
  await tx.$executeRaw`DELETE FROM event_daily_counts WHERE clinic_id = ${clinicId}`;
  // The day on the app's own zone rules (lib/format/zone-rules.ts), as processing counts it and every
  // page shows it, not PostgreSQL's zone data (older than the browsers' on this machine): each period
  // of the zone's rules, with its end and its offset, joined to the events it holds.
  const { ends, offsets } = zonePeriods(timeZone);
  const rows = await tx.$queryRaw<Array<{ n: bigint | null }>>`
    WITH periods AS (
      SELECT lag(ends) OVER (ORDER BY ord) AS starts, ends, offset_minutes
      FROM unnest(${ends}::timestamp[], ${offsets}::int[]) WITH ORDINALITY AS p(ends, offset_minutes, ord)
    ), counted AS (
      INSERT INTO event_daily_counts (clinic_id, day, category, type, count)
      SELECT e.clinic_id, (e.created_at + make_interval(mins => p.offset_minutes))::date, e.category, e.type, count(*)
      FROM events e
      JOIN periods p ON (p.starts IS NULL OR e.created_at >= p.starts) AND (p.ends IS NULL OR e.created_at < p.ends)
      WHERE e.clinic_id = ${clinicId} AND NOT EXISTS (SELECT 1 FROM event_backlog b WHERE b.event_id = e.id)
      GROUP BY 1, 2, 3, 4
      RETURNING count)
    SELECT sum(count)::bigint AS n FROM counted`;
  return Number(rows[0]?.n ?? 0);
}

/** The zone's periods as arrays for SQL: when each ends (UTC; null for the last) and its offset east. */
function zonePeriods(timeZone: string): { ends: Array<string | null>; offsets: number[] } {
  const rules = zoneRulesOf(timeZone);
  if (!rules) return { ends: [null], offsets: [0] };
  return {
    ends: rules.untils.map((u) => (u === null ? null : new Date(u).toISOString())),
    offsets: rules.offsets.map((west) => -west),
  };
}
