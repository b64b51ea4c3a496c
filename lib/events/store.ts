// The durable event store: one row per platform event id, written with INSERT … ON CONFLICT DO
// NOTHING so that a duplicate webhook, a reconciliation that overlaps a webhook, or two app
// processes racing each other can never store an event twice. Processing happens later (jobs).
import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import type { EventSource } from "@/lib/generated/prisma/enums";
import { categoryOfType, storableData, type DataIssue, type StorableEvent } from "@/lib/events/record";
import type { Sql } from "@/lib/db-pool";

export type Db = PrismaClient;
/** The client or an interactive transaction of it. */
export type DbTx = Prisma.TransactionClient;

/**
 * Stores the events that are not stored yet; returns the ids it inserted (the others existed).
 * One statement per call, the rows sent as arrays and unnested by the database: a reconciliation
 * page of 100 events costs one round trip, about a tenth of what Prisma's createManyAndReturn took
 * to build and read back the same insert (BENCHMARKS.md, reconciliation).
 */
export async function storeEvents(
  db: DbTx,
  events: readonly StorableEvent[],
  source: EventSource,
  receivedAt = new Date(),
): Promise<string[]> {
  if (events.length === 0) return [];
  const insert = async (list: readonly StorableEvent[], unstorable = false) => {
    const kept = list.map((e) => (unstorable ? { data: {}, issue: "not-storable" as const } : storableData(e.data)));
    const rows = await db.$queryRawUnsafe<Array<{ id: string }>>(
      STORE_EVENTS,
      list.map((e) => e.id),
      list.map((e) => e.clinic_id),
      list.map((e) => e.integration_id ?? null),
      list.map((e) => e.type),
      list.map((e) => categoryOfType(e.type)),
      // As ISO strings: the columns are timestamps without zone, holding UTC (see storeWebhookDelivery).
      list.map((e) => new Date(e.created_at).toISOString()),
      list.map((_, i) => JSON.stringify(kept[i]!.data)),
      // What arrived, when what is kept differs from it.
      list.map((e, i) => (kept[i]!.issue ? safeJson(e) : null)),
      list.map((_, i) => kept[i]!.issue),
      receivedAt.toISOString(),
      source,
    );
    return rows.map((r) => r.id);
  };
  try {
    return await insert(events);
  } catch (error) {
    // One odd event must not cost its siblings: store them one by one, and an event the database
    // still refuses with its data set aside (marked). Inside a transaction this cannot help: rethrow.
    if (events.length === 1 && isRefusedData(error)) return insert(events, true);
    if (events.length === 1 || !("$transaction" in db)) throw error;
    const inserted: string[] = [];
    for (const e of events) inserted.push(...(await storeEvents(db, [e], source, receivedAt)));
    return inserted;
  }
}

// Each event inserted goes to the backlog in the same statement: stored means waiting for processing.
const STORE_EVENTS = `
  WITH inserted AS (
    INSERT INTO events (id, clinic_id, integration_id, type, category, created_at, received_at, source, data, raw, data_issue)
    SELECT id, clinic_id, integration_id, type, category, created_at::timestamp, $10::timestamp, $11::"EventSource",
           data::jsonb, raw, data_issue
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
      AS t(id, clinic_id, integration_id, type, category, created_at, data, raw, data_issue)
    ON CONFLICT DO NOTHING
    RETURNING id, clinic_id, received_at
  ), waiting AS (
    INSERT INTO event_backlog (event_id, clinic_id, received_at) SELECT id, clinic_id, received_at FROM inserted
  )
  SELECT id FROM inserted`;

/** The database refused the row's values (not a lost connection): setting the data aside will do. */
function isRefusedData(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return !/connect|ECONN|terminat|timeout|closed/i.test(text);
}

/** JSON of an event whose data may be too deep for a recursive stringify, never throwing. */
function safeJson(e: StorableEvent): string {
  try {
    return JSON.stringify(e); // NUL and lone surrogates come out as \\u escapes: plain text
  } catch {
    return JSON.stringify({ ...e, data: {} });
  }
}

// The receipt is inserted in the same statement, and a new event's place in the backlog; `duplicate`
// says whether the event was there before.
// A duplicate's receipt goes to the clinic of the event as first stored, whatever clinic_id the
// duplicate names: a delivery never records anything under another clinic.
const STORE_WEBHOOK_DELIVERY = `
  WITH inserted AS (
    INSERT INTO events (id, clinic_id, integration_id, type, category, created_at, received_at, source, data, raw, data_issue)
    VALUES ($1, $2, $3, $4, $5, $6, $7, 'webhook'::"EventSource", $8::jsonb, $10, $11)
    ON CONFLICT (id) DO NOTHING
    RETURNING id, clinic_id
  ), waiting AS (
    INSERT INTO event_backlog (event_id, clinic_id, received_at) SELECT id, clinic_id, $7 FROM inserted
  ), stored AS (
    SELECT clinic_id FROM inserted
    UNION ALL
    SELECT clinic_id FROM events WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM inserted)
  )
  INSERT INTO webhook_receipts (id, event_id, clinic_id, duplicate, received_at)
  SELECT $9, $1, (SELECT clinic_id FROM stored LIMIT 1), NOT EXISTS (SELECT 1 FROM inserted), $7
  RETURNING duplicate, clinic_id`;

export interface StoredDelivery {
  /** Whether this delivery inserted the event. */
  inserted: boolean;
  /** The event was stored before under another clinic than this delivery names. */
  otherClinic: boolean;
  /** Why the stored data differs from the data sent (the raw body is kept either way). */
  dataIssue: DataIssue | null;
}

/**
 * The webhook's write: the event (once, by id) with the delivery's raw body, and a receipt of this
 * delivery (marked duplicate when the event was already there) in ONE statement, so an answer costs
 * one round trip and one commit. Sent with pg, not Prisma: see lib/db.ts. Data the database refuses
 * does not refuse the event: it is stored again with its data set aside and marked.
 */
export async function storeWebhookDelivery(
  sql: Sql,
  event: StorableEvent,
  receivedAt: Date,
  rawBody: string,
): Promise<StoredDelivery> {
  const write = async (kept: { data: Record<string, unknown>; issue: DataIssue | null }) => {
    const { rows } = await sql.query<{ duplicate: boolean; clinic_id: string | null }>(STORE_WEBHOOK_DELIVERY, [
      event.id,
      event.clinic_id,
      event.integration_id ?? null,
      event.type,
      categoryOfType(event.type),
      // As ISO strings: the columns are timestamps without zone, holding UTC (as Prisma writes them);
      // pg would send a Date in the server's local zone.
      new Date(event.created_at).toISOString(),
      receivedAt.toISOString(),
      JSON.stringify(kept.data),
      randomUUID(),
      rawBody,
      kept.issue,
    ]);
    const row = rows[0];
    return {
      inserted: row?.duplicate === false,
      otherClinic: row?.clinic_id != null && row.clinic_id !== event.clinic_id,
      dataIssue: kept.issue,
    };
  };
  const kept = storableData(event.data);
  try {
    return await write(kept);
  } catch (error) {
    if (!isDataRefusal(error)) throw error;
    return write({ data: {}, issue: "not-storable" });
  }
}

/** PostgreSQL refused a value of the row (SQLSTATE class 22, data exception), not a lost connection. */
function isDataRefusal(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("22");
}
