// The staff timeline's reads. Every function takes the caller's clinicId (from the auth guard) and
// puts it first in the WHERE clause: nothing here can return another clinic's event. Pages are
// keyset-based (created_at, id; newest or oldest first), so page 500 costs what page 1 costs.
import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/db";
import { encodeCursor, type TimelineCursor, type TimelineFilters } from "@/lib/events/timeline/filters";
import { createdAtBounds, parseDate } from "@/lib/events/timeline/period";
import { concernsCondition, idsNamed, textCondition } from "@/lib/events/timeline/search";
import { DATA_ISSUE_TEXT, NO_CLINIC, type DataIssue } from "@/lib/events/record";
import { catalogOriginalId } from "@/lib/events/catalog";
import { variantNames, type VariantName } from "@/lib/events/variant-names";
import {
  patientIdsOf,
  practitionerIdsOf,
  summarizeEvent,
  type EventSummary,
  type KnownNames,
} from "@/lib/events/summary";

export const TIMELINE_PAGE_SIZE = 50;

export interface TimelineEvent {
  id: string;
  type: string;
  category: string;
  integrationId: string | null;
  createdAt: string;
  receivedAt: string;
  source: "webhook" | "reconciliation";
  /** From creation on the platform to arrival here. */
  delayMs: number;
  /** The event in words (lib/events/summary.ts), named with what the app knows. */
  summary: EventSummary;
}

export interface TimelinePage {
  events: TimelineEvent[];
  nextCursor: string | null;
}

/** An events row as the timeline's reads select it. */
export interface TimelineRow {
  id: string;
  type: string;
  category: string;
  integration_id: string | null;
  created_at: Date;
  received_at: Date;
  source: "webhook" | "reconciliation";
  data: unknown;
}

/** The columns of a TimelineRow. */
export const TIMELINE_COLUMNS = Prisma.sql`id, type, category, integration_id, created_at, received_at, source::text AS source, data`;

/** A timestamp column holds UTC without a zone: bind UTC text, not a Date, so no session TZ applies. */
const ts = (d: Date) => Prisma.sql`${d.toISOString().slice(0, 23)}::timestamp`;

/** The filters' conditions; the date filter's days are days in `timeZone` (the clinic's). */
export function timelineConditions(clinicId: string, timeZone: string, filters: TimelineFilters): Prisma.Sql[] {
  const conds = [Prisma.sql`clinic_id = ${clinicId}`];
  if (filters.category) conds.push(Prisma.sql`category = ${filters.category}`);
  if (filters.type) conds.push(Prisma.sql`type = ${filters.type}`);
  const { gte, lt } = createdAtBounds(parseDate(filters.date), timeZone);
  if (gte) conds.push(Prisma.sql`created_at >= ${ts(gte)}`);
  if (lt) conds.push(Prisma.sql`created_at < ${ts(lt)}`);
  if (filters.q) conds.push(textCondition(filters.q));
  return conds;
}

export async function listTimeline(
  db: Db,
  clinicId: string,
  timeZone: string,
  filters: TimelineFilters,
  cursor?: TimelineCursor,
  limit = TIMELINE_PAGE_SIZE,
): Promise<TimelinePage> {
  const oldest = filters.sort === "oldest";
  const read = (conds: Prisma.Sql[]) => {
    if (cursor)
      conds.push(
        oldest
          ? Prisma.sql`(created_at, id) > (${ts(cursor.createdAt)}, ${cursor.id})`
          : Prisma.sql`(created_at, id) < (${ts(cursor.createdAt)}, ${cursor.id})`,
      );
    const order = oldest ? Prisma.sql`created_at ASC, id ASC` : Prisma.sql`created_at DESC, id DESC`;
    return db.$queryRaw<TimelineRow[]>`
      SELECT ${TIMELINE_COLUMNS}
      FROM events WHERE ${Prisma.join(conds, " AND ")}
      ORDER BY ${order} LIMIT ${limit + 1}`;
  };
  // A search also reads the events of the people whose name holds the term (lib/events/timeline/search.ts):
  // a second read in the same order and bounds, merged with the first.
  const people = filters.q ? await idsNamed(db, clinicId, filters.q) : [];
  const reads = [read(timelineConditions(clinicId, timeZone, filters))];
  if (people.length > 0)
    reads.push(
      read([...timelineConditions(clinicId, timeZone, { ...filters, q: undefined }), concernsCondition(people)]),
    );
  const rows = mergeRows(await Promise.all(reads), oldest).slice(0, limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const names = await knownNames(db, clinicId, page);
  return {
    events: page.map((r) => toTimelineEvent(r, names)),
    nextCursor: rows.length > limit && last ? encodeCursor(last.created_at, last.id) : null,
  };
}

/** Reads in the list's order merged into one, each event once. */
function mergeRows(reads: TimelineRow[][], oldest: boolean): TimelineRow[] {
  if (reads.length === 1) return reads[0]!;
  const byId = new Map(reads.flat().map((r) => [r.id, r]));
  const sign = oldest ? 1 : -1;
  return [...byId.values()].sort(
    (a, b) => sign * (a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  );
}

/** The names a page of events needs: its patients' (from patient events) and the clinic's people. */
export async function knownNames(
  db: Db,
  clinicId: string,
  rows: ReadonlyArray<{ data: unknown }>,
): Promise<KnownNames> {
  const patientIds = [...new Set(rows.flatMap((r) => patientIdsOf(r.data)))];
  const practitionerIds = [...new Set(rows.flatMap((r) => practitionerIdsOf(r.data)))];
  const [patients, people] = await Promise.all([
    patientIds.length
      ? db.patientName.findMany({
          where: { clinicId, patientId: { in: patientIds } },
          select: { patientId: true, name: true },
        })
      : [],
    practitionerIds.length
      ? db.person.findMany({
          where: { clinicId, platformUserId: { in: practitionerIds } },
          select: { platformUserId: true, displayName: true },
        })
      : [],
  ]);
  return {
    patients: new Map(patients.map((p) => [p.patientId, p.name])),
    people: new Map(people.map((p) => [p.platformUserId, p.displayName])),
  };
}

export function toTimelineEvent(r: TimelineRow, names: KnownNames): TimelineEvent {
  return {
    id: r.id,
    type: r.type,
    category: r.category,
    integrationId: r.integration_id,
    createdAt: r.created_at.toISOString(),
    receivedAt: r.received_at.toISOString(),
    source: r.source,
    delayMs: Math.max(0, r.received_at.getTime() - r.created_at.getTime()),
    summary: summarizeEvent(r.type, r.data, names),
  };
}

export interface TimelineEventDetail extends TimelineEvent {
  data: unknown;
  /** Why the data shown is not the data as sent (the raw body is kept for admins); null when it is. */
  dataIssue: string | null;
  /** Patient id → name, for the records the drawer lists. */
  names: Record<string, string>;
  /** Practitioner (or staff) id → name, for the records the drawer lists. */
  people: Record<string, string>;
  /** Variant id → product, for an order's items and a plan's products. */
  variants: Record<string, VariantName>;
}

/** One event of the caller's clinic, or null (another clinic's event looks exactly like a missing one). */
export async function getTimelineEvent(db: Db, clinicId: string, id: string): Promise<TimelineEventDetail | null> {
  const e = await db.event.findFirst({ where: { id, clinicId } });
  if (!e) return null;
  // A clinic's copy of catalog news is slim (lib/events/catalog.ts): the drawer shows the original.
  const originalId = catalogOriginalId(e.id, e.category);
  const original = originalId
    ? await db.event.findFirst({ where: { id: originalId, clinicId: NO_CLINIC }, select: { data: true } })
    : null;
  if (original) e.data = original.data;
  const row: TimelineRow = {
    id: e.id,
    type: e.type,
    category: e.category,
    integration_id: e.integrationId,
    created_at: e.createdAt,
    received_at: e.receivedAt,
    source: e.source,
    data: e.data,
  };
  const [names, variants] = await Promise.all([
    knownNames(db, clinicId, [row]),
    variantNames(db, clinicId, variantIdsIn(e.data)),
  ]);
  return {
    ...toTimelineEvent(row, names),
    data: e.data,
    dataIssue: e.dataIssue && e.dataIssue in DATA_ISSUE_TEXT ? DATA_ISSUE_TEXT[e.dataIssue as DataIssue] : null,
    names: Object.fromEntries(names.patients),
    people: Object.fromEntries(names.people ?? []),
    variants,
  };
}

/** The variant ids an event's items and recommendations name, wherever its record sits in `data`. */
function variantIdsIn(data: unknown, depth = 0): string[] {
  if (!data || typeof data !== "object" || depth > 3) return [];
  if (Array.isArray(data)) return data.flatMap((item) => variantIdsIn(item, depth + 1));
  const record = data as Record<string, unknown>;
  const own = typeof record.variant_id === "string" && record.variant_id ? [record.variant_id] : [];
  return [...own, ...Object.values(record).flatMap((v) => variantIdsIn(v, depth + 1))];
}

/**
 * Changes whenever an event of the clinic arrives: the newest arrival time and how many arrived at
 * that instant; and when a patient's name was learned from the platform after their events came
 * (lib/people/lookups.ts), so the rows that said "a patient" are read again with the name. The
 * browser polls this (cheap, indexed) and refetches the list only when it moves.
 */
export async function timelineHead(db: Db, clinicId: string): Promise<string> {
  const [rows, named] = await Promise.all([
    db.$queryRaw<Array<{ at: Date; n: bigint }>>`
      SELECT received_at AS at, count(*) AS n FROM events
      WHERE clinic_id = ${clinicId} AND received_at = (SELECT max(received_at) FROM events WHERE clinic_id = ${clinicId})
      GROUP BY received_at`,
    db.$queryRaw<Array<{ at: Date | null }>>`
      SELECT max(settled_at) AS at FROM patient_lookups WHERE clinic_id = ${clinicId}`,
  ]);
  const row = rows[0];
  const learned = named[0]?.at ? `#${named[0].at.toISOString()}` : "";
  return row?.at ? `${row.at.toISOString()}#${row.n}${learned}` : "empty";
}
