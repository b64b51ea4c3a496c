// Signed deliveries that are JSON but not an event we can read (lib/webhooks/handler.ts): kept as
// received, acknowledged, and shown to admins. A refusal would make the platform retry six times,
// drop the delivery, and count the failures toward disabling our endpoint, for what may be a shape
// the documentation never showed; kept here, nothing is lost and someone can look at it.
// Bounded, since every body is signed with the one secret and could be anyone's junk: at most
// UNREAD_KEPT_PER_DAY bodies a day (UTC) are kept, each up to UNREAD_KEPT_BYTES of its beginning with
// its whole size and top-level keys; beyond that a delivery is only counted, by day, with its bytes
// (unread_delivery_drops). Kept bodies and counts leave after UNREAD_KEPT_DAYS. The bound is the
// endpoint's, not a clinic's: a body that cannot be read cannot be trusted to name its clinic.
import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Sql } from "@/lib/db/pool";
import type { Db } from "@/lib/db";
import { StorableEventSchema } from "@/lib/events/record";
import { countUnreadDelivery } from "@/lib/metrics/webhooks";

/** Unreadable bodies kept a day; those after it are counted only. */
export const UNREAD_KEPT_PER_DAY = 200;
/** How much of one body is kept: enough to see its shape and quote it to the platform's support. */
export const UNREAD_KEPT_BYTES = 16 * 1024;
/** How long kept bodies and the counts of the others stay. */
export const UNREAD_KEPT_DAYS = 30;

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

/** The body's top-level keys, sorted and comma-separated, or "" when it is not a JSON object. */
export function topLevelKeys(raw: string): string {
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? Object.keys(value).sort().join(", ") : "";
  } catch {
    return "";
  }
}

/** The beginning of `text` that fits in `bytes` of UTF-8, never cutting a character in two. */
export function utf8Prefix(text: string, bytes: number): string {
  if (Buffer.byteLength(text, "utf8") <= bytes) return text;
  const cut = Buffer.from(text, "utf8").subarray(0, bytes).toString("utf8");
  return cut.endsWith("\uFFFD") ? cut.slice(0, -1) : cut;
}

export const createUnreadStore =
  (sql: Sql): StoreUnread =>
  async ({ rawBody, reason, receivedAt }) => {
    const bytes = Buffer.byteLength(rawBody, "utf8");
    // NUL cannot be kept in text: its escape keeps the body readable and the row storable.
    const kept = utf8Prefix(rawBody, UNREAD_KEPT_BYTES).replace(/\u0000/g, "\\u0000");
    // One statement: kept while the day has room, else counted; a race may keep a few over the bound.
    const { rows } = await sql.query<{ kept: boolean }>(
      `WITH kept AS (
         INSERT INTO unread_deliveries (id, received_at, reason, raw, bytes, keys)
         SELECT $1, $2::timestamp, $3, $4, $5, $6
         WHERE (SELECT count(*) FROM unread_deliveries
                WHERE received_at >= date_trunc('day', $2::timestamp)
                  AND received_at < date_trunc('day', $2::timestamp) + interval '1 day') < $7
         RETURNING 1
       ), dropped AS (
         INSERT INTO unread_delivery_drops (day, count, bytes)
         SELECT $2::timestamp::date, 1, $5 WHERE NOT EXISTS (SELECT 1 FROM kept)
         ON CONFLICT (day) DO UPDATE
           SET count = unread_delivery_drops.count + 1, bytes = unread_delivery_drops.bytes + EXCLUDED.bytes
       )
       SELECT EXISTS (SELECT 1 FROM kept) AS kept`,
      [randomUUID(), receivedAt.toISOString(), reason, kept, bytes, topLevelKeys(rawBody), UNREAD_KEPT_PER_DAY],
    );
    countUnreadDelivery(reason, rows[0]?.kept === true);
  };

/** Removes kept bodies and drop counts older than UNREAD_KEPT_DAYS; returns the bodies removed. */
export async function pruneUnreadDeliveries(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - UNREAD_KEPT_DAYS * 86_400_000);
  const [removed] = await db.$transaction([
    db.unreadDelivery.deleteMany({ where: { receivedAt: { lt: cutoff } } }),
    db.unreadDeliveryDrop.deleteMany({ where: { day: { lt: cutoff } } }),
  ]);
  return removed.count;
}

export const UnreadReasonSchema = z.enum(UNREAD_REASONS);
