// The durable event store: one row per platform event id, written with INSERT … ON CONFLICT DO
// NOTHING so that a duplicate webhook, a reconciliation that overlaps a webhook, or two app
// processes racing each other can never store an event twice. Processing happens later (jobs).
import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import type { EventSource } from "@/lib/generated/prisma/enums";
import { categoryOfType, type StorableEvent } from "@/lib/events/record";

export type Db = PrismaClient;
/** The client or an interactive transaction of it. */
export type DbTx = Prisma.TransactionClient;

/** Stores the events that are not stored yet; returns the ids it inserted (the others existed). */
export async function storeEvents(db: DbTx, events: readonly StorableEvent[], source: EventSource, receivedAt = new Date()): Promise<string[]> {
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

/**
 * The webhook's write: the event (once, by id) and a receipt of this delivery (marked duplicate when
 * the event was already there) in ONE statement, so an answer costs one round trip and one commit.
 * Returns whether this delivery inserted the event.
 */
export async function storeWebhookDelivery(db: Db, event: StorableEvent, receivedAt: Date): Promise<boolean> {
  const rows = await db.$queryRaw<Array<{ duplicate: boolean }>>`
    WITH inserted AS (
      INSERT INTO events (id, clinic_id, integration_id, type, category, created_at, received_at, source, data)
      VALUES (${event.id}, ${event.clinic_id}, ${event.integration_id ?? null}, ${event.type}, ${categoryOfType(event.type)},
              ${new Date(event.created_at)}, ${receivedAt}, 'webhook'::"EventSource", ${JSON.stringify(event.data)}::jsonb)
      ON CONFLICT (id) DO NOTHING
      RETURNING id
    )
    INSERT INTO webhook_receipts (id, event_id, clinic_id, duplicate, received_at)
    SELECT ${randomUUID()}, ${event.id}, ${event.clinic_id}, NOT EXISTS (SELECT 1 FROM inserted), ${receivedAt}
    RETURNING duplicate`;
  return rows[0]?.duplicate === false;
}
