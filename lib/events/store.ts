// The durable event store: one row per platform event id, written with INSERT … ON CONFLICT DO
// NOTHING so that a duplicate webhook, a reconciliation that overlaps a webhook, or two app
// processes racing each other can never store an event twice. Processing happens later (jobs).
import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import type { EventSource } from "@/lib/generated/prisma/enums";
import { categoryOfType, type StorableEvent } from "@/lib/events/record";
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
  const rows = await db.event.createManyAndReturn({
    data: events.map((e) => ({
      id: e.id,
      clinicId: e.clinic_id,
      integrationId: e.integration_id ?? null,
      type: e.type,
      category: categoryOfType(e.type),
      createdAt: new Date(e.created_at),
      receivedAt,
      source,
      data: e.data as Prisma.InputJsonObject,
    })),
    skipDuplicates: true,
    select: { id: true },
  });
  return rows.map((r) => r.id);
}

// The receipt is inserted in the same statement; `duplicate` says whether the event was there before.
const STORE_WEBHOOK_DELIVERY = `
  WITH inserted AS (
    INSERT INTO events (id, clinic_id, integration_id, type, category, created_at, received_at, source, data)
    VALUES ($1, $2, $3, $4, $5, $6, $7, 'webhook'::"EventSource", $8::jsonb)
    ON CONFLICT (id) DO NOTHING
    RETURNING id
  )
  INSERT INTO webhook_receipts (id, event_id, clinic_id, duplicate, received_at)
  SELECT $9, $1, $2, NOT EXISTS (SELECT 1 FROM inserted), $7
  RETURNING duplicate`;

/**
 * The webhook's write: the event (once, by id) and a receipt of this delivery (marked duplicate when
 * the event was already there) in ONE statement, so an answer costs one round trip and one commit.
 * Sent with pg, not Prisma: see lib/db.ts. Returns whether this delivery inserted the event.
 */
export async function storeWebhookDelivery(sql: Sql, event: StorableEvent, receivedAt: Date): Promise<boolean> {
  const { rows } = await sql.query<{ duplicate: boolean }>(STORE_WEBHOOK_DELIVERY, [
    event.id,
    event.clinic_id,
    event.integration_id ?? null,
    event.type,
    categoryOfType(event.type),
    // As ISO strings: the columns are timestamps without zone, holding UTC (as Prisma writes them);
    // pg would send a Date in the server's local zone.
    new Date(event.created_at).toISOString(),
    receivedAt.toISOString(),
    JSON.stringify(event.data),
    randomUUID(),
  ]);
  return rows[0]?.duplicate === false;
}
