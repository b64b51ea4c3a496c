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

/** Stores the events that are not stored yet; returns the ids it inserted (the others existed). */
export async function storeEvents(
  db: DbTx,
  events: readonly StorableEvent[],
  source: EventSource,
  receivedAt = new Date(),
): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = (list: readonly StorableEvent[], unstorable = false) =>
    list.map((e) => {
      const kept = unstorable ? { data: {}, issue: "not-storable" as const } : storableData(e.data);
      return {
        id: e.id,
        clinicId: e.clinic_id,
        integrationId: e.integration_id ?? null,
        type: e.type,
        category: categoryOfType(e.type),
        createdAt: new Date(e.created_at),
        receivedAt,
        source,
        data: kept.data as Prisma.InputJsonObject,
        dataIssue: kept.issue,
        // What arrived, when what is kept differs from it.
        raw: kept.issue ? safeJson(e) : null,
      };
    });
  const insert = async (list: readonly StorableEvent[], unstorable = false) =>
    (
      await db.event.createManyAndReturn({ data: rows(list, unstorable), skipDuplicates: true, select: { id: true } })
    ).map((r) => r.id);
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

// The receipt is inserted in the same statement; `duplicate` says whether the event was there before.
// A duplicate's receipt goes to the clinic of the event as first stored, whatever clinic_id the
// duplicate names: a delivery never records anything under another clinic.
const STORE_WEBHOOK_DELIVERY = `
  WITH inserted AS (
    INSERT INTO events (id, clinic_id, integration_id, type, category, created_at, received_at, source, data, raw, data_issue)
    VALUES ($1, $2, $3, $4, $5, $6, $7, 'webhook'::"EventSource", $8::jsonb, $10, $11)
    ON CONFLICT (id) DO NOTHING
    RETURNING id, clinic_id
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
