// The durable event store: one row per platform event id, written with INSERT … ON CONFLICT DO
// NOTHING so that a duplicate webhook, a reconciliation that overlaps a webhook, or two app
// processes racing each other can never store an event twice. Processing happens later (jobs).
import "server-only";
import { randomUUID } from "node:crypto";
import type { EventSource } from "@/lib/generated/prisma/enums";
import { categoryOfType, clinicOf, storableData, type DataIssue, type StorableEvent } from "@/lib/events/record";
import type { Sql } from "@/lib/db/pool";
import type { DbTx } from "@/lib/db";

/**
 * Stores the events that are not stored yet; returns the ids it inserted (the others existed).
 * One statement per call, the rows sent as arrays and unnested by the database: a reconciliation
 * page of 100 events costs one round trip, far less than Prisma's createManyAndReturn takes to
 * build and read back the same insert (BENCHMARKS.md, reconciliation).
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
      list.map(clinicOf),
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

export interface StoredDelivery {
  /** Whether this delivery inserted the event. */
  inserted: boolean;
  /** The event was stored before under another clinic than this delivery names. */
  otherClinic: boolean;
  /** Why the stored data differs from the data sent (the raw body is kept either way). */
  dataIssue: DataIssue | null;
}

/** One webhook delivery, verified and parsed, to store. */
export interface Delivery {
  event: StorableEvent;
  receivedAt: Date;
  rawBody: string;
}

// The webhook's write, for one delivery or a group of them: each new event with its place in the
// backlog, and a receipt per delivery; `duplicate` says whether the event was there before (or came
// earlier in the same group: an event sent twice in one group is inserted once, by its first
// delivery). A duplicate's receipt goes to the clinic of the event as first stored, whatever
// clinic_id the duplicate names: a delivery never records anything under another clinic. The rows
// come as arrays, one element a delivery, in the group's order (ord).
const STORE_WEBHOOK_DELIVERIES = `
  WITH d AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                         $8::text[], $9::text[], $10::text[], $11::text[])
      WITH ORDINALITY AS t(id, clinic_id, integration_id, type, category, created_at, received_at, data, receipt_id,
                           raw, data_issue, ord)
  ), inserted AS (
    INSERT INTO events (id, clinic_id, integration_id, type, category, created_at, received_at, source, data, raw, data_issue)
    SELECT DISTINCT ON (id) id, clinic_id, integration_id, type, category, created_at::timestamp, received_at::timestamp,
           'webhook'::"EventSource", data::jsonb, raw, data_issue
    FROM d ORDER BY id, ord
    ON CONFLICT (id) DO NOTHING
    RETURNING id, clinic_id, received_at
  ), waiting AS (
    INSERT INTO event_backlog (event_id, clinic_id, received_at) SELECT id, clinic_id, received_at FROM inserted
  ), firsts AS (
    SELECT id, min(ord) AS ord FROM d GROUP BY id
  )
  INSERT INTO webhook_receipts (id, event_id, clinic_id, duplicate, received_at)
  SELECT d.receipt_id, d.id, nullif(coalesce(i.clinic_id, e.clinic_id), ''), NOT (i.id IS NOT NULL AND f.ord = d.ord),
         d.received_at::timestamp
  FROM d JOIN firsts f ON f.id = d.id LEFT JOIN inserted i ON i.id = d.id LEFT JOIN events e ON e.id = d.id
  RETURNING id, duplicate, clinic_id`;

interface DeliveryRow {
  delivery: Delivery;
  receiptId: string;
  kept: { data: Record<string, unknown>; issue: DataIssue | null };
}

function deliveryRow(delivery: Delivery, kept = storableData(delivery.event.data)): DeliveryRow {
  return { delivery, receiptId: randomUUID(), kept };
}

function storedAs(
  row: DeliveryRow,
  stored: { duplicate: boolean; clinic_id: string | null } | undefined,
): StoredDelivery {
  return {
    inserted: stored?.duplicate === false,
    otherClinic: stored?.clinic_id != null && stored.clinic_id !== clinicOf(row.delivery.event),
    dataIssue: row.kept.issue,
  };
}

/**
 * The webhook's write: the event (once, by id) with the delivery's raw body, and a receipt of this
 * delivery (marked duplicate when the event was already there) in ONE statement, so an answer costs
 * one round trip and one commit. Sent with pg, not Prisma: see lib/db/index.ts. Data the database refuses
 * does not refuse the event: it is stored again with its data set aside and marked.
 */
export async function storeWebhookDelivery(sql: Sql, delivery: Delivery): Promise<StoredDelivery> {
  try {
    return (await writeDeliveries(sql, [deliveryRow(delivery)]))[0]!;
  } catch (error) {
    if (!isDataRefusal(error)) throw error;
    return (await writeDeliveries(sql, [deliveryRow(delivery, { data: {}, issue: "not-storable" })]))[0]!;
  }
}

/**
 * Many deliveries' writes in one statement and one commit, each with what storeWebhookDelivery
 * would have answered for it, in order. All or nothing: when the statement fails (one delivery's
 * data the database refuses, a lost connection), nothing of the group is stored and the caller
 * stores them one by one (lib/webhooks/delivery-store.ts).
 */
export function storeWebhookDeliveries(sql: Sql, deliveries: readonly Delivery[]): Promise<StoredDelivery[]> {
  return writeDeliveries(
    sql,
    deliveries.map((d) => deliveryRow(d)),
  );
}

async function writeDeliveries(sql: Sql, rows: readonly DeliveryRow[]): Promise<StoredDelivery[]> {
  if (rows.length === 0) return [];
  const column = <T>(pick: (row: DeliveryRow) => T) => rows.map(pick);
  const { rows: stored } = await sql.query<{ id: string; duplicate: boolean; clinic_id: string | null }>(
    STORE_WEBHOOK_DELIVERIES,
    [
      column((r) => r.delivery.event.id),
      column((r) => clinicOf(r.delivery.event)),
      column((r) => r.delivery.event.integration_id ?? null),
      column((r) => r.delivery.event.type),
      column((r) => categoryOfType(r.delivery.event.type)),
      // As ISO strings: the columns are timestamps without zone, holding UTC (as Prisma writes them);
      // pg would send a Date in the server's local zone.
      column((r) => new Date(r.delivery.event.created_at).toISOString()),
      column((r) => r.delivery.receivedAt.toISOString()),
      column((r) => JSON.stringify(r.kept.data)),
      column((r) => r.receiptId),
      column((r) => r.delivery.rawBody),
      column((r) => r.kept.issue),
    ],
  );
  const byReceipt = new Map(stored.map((s) => [s.id, s]));
  return rows.map((row) => storedAs(row, byReceipt.get(row.receiptId)));
}

/** PostgreSQL refused a value of the row (SQLSTATE class 22, data exception), not a lost connection. */
function isDataRefusal(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("22");
}
