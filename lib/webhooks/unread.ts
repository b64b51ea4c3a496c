// Signed deliveries that are JSON but not an event we can read (lib/webhooks/handler.ts): kept as
// received, acknowledged, and shown to admins. A refusal would make the platform retry six times,
// drop the delivery, and count the failures toward disabling our endpoint, for what may be a shape
// the documentation never showed; kept here, nothing is lost and someone can look at it.
import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Sql } from "@/lib/db-pool";
import { StorableEventSchema } from "@/lib/events/record";

/** Why a delivery could not be read, in a word (the admin page says each in words). */
export const UNREAD_REASONS = ["no-event", "no-id", "no-type", "bad-created-at", "bad-data", "bad-field"] as const;
export type UnreadReason = (typeof UNREAD_REASONS)[number];

export type StoreUnread = (delivery: { rawBody: string; reason: UnreadReason; receivedAt: Date }) => Promise<void>;

/** Which part of `{event: {...}}` the body lacks, for a body StorableEventSchema refused. */
export function unreadReason(payload: unknown): UnreadReason {
  const event = (payload as { event?: unknown } | null)?.event;
  if (!event || typeof event !== "object" || Array.isArray(event)) return "no-event";
  const e = event as Record<string, unknown>;
  const fields = StorableEventSchema.shape;
  if (!fields.id.safeParse(e.id).success) return "no-id";
  if (!fields.type.safeParse(e.type).success) return "no-type";
  if (!fields.created_at.safeParse(e.created_at).success) return "bad-created-at";
  if (!fields.data.safeParse(e.data).success) return "bad-data";
  return "bad-field";
}

export const createUnreadStore =
  (sql: Sql): StoreUnread =>
  async ({ rawBody, reason, receivedAt }) => {
    // NUL cannot be kept in text: its escape keeps the body readable and the row storable.
    await sql.query(`INSERT INTO unread_deliveries (id, received_at, reason, raw) VALUES ($1, $2::timestamp, $3, $4)`, [
      randomUUID(),
      receivedAt.toISOString(),
      reason,
      rawBody.replace(/\u0000/g, "\\u0000"),
    ]);
  };

export const UnreadReasonSchema = z.enum(UNREAD_REASONS);
