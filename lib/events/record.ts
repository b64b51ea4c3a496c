// What the event store accepts: the platform's event record, read leniently on purpose. Event types
// beyond spec 6.1 exist ("not shown"), and refusing an authentic delivery would make the platform
// retry it and eventually disable our endpoint; such events are kept under the category "other".
// An event may name no clinic (the documented product.created has no clinic_id): it is kept under
// NO_CLINIC, and processing files catalog news under every clinic (lib/events/catalog.ts).
import { z } from "zod";
import { EVENT_TYPE_CATEGORY, EventDataSchema, TimestampSchema } from "@/lib/contract";
import { isEventType } from "@/lib/contract/event-types";
import { OTHER_CATEGORY, type StoredCategory } from "@/lib/events/categories";

export const StorableEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(200),
  clinic_id: z.string().min(1).max(200).optional(),
  integration_id: z.string().max(200).nullable().optional(),
  created_at: TimestampSchema,
  data: EventDataSchema.default({}),
});
export type StorableEvent = z.infer<typeof StorableEventSchema>;

/**
 * The clinic column of an event that names none. Not NULL: every reader of the timeline asks for
 * one clinic_id with the (clinic_id, created_at) index, and no clinic's id is empty.
 */
export const NO_CLINIC = "";

export const clinicOf = (event: { clinic_id?: string | undefined }): string => event.clinic_id ?? NO_CLINIC;

export { OTHER_CATEGORY, type StoredCategory } from "@/lib/events/categories";

export function categoryOfType(type: string): StoredCategory {
  return isEventType(type) ? EVENT_TYPE_CATEGORY[type] : OTHER_CATEGORY;
}

/**
 * Why an event's data is not kept as sent. The event itself is always stored (and the webhook's raw
 * body with it); only its data is replaced for the database and the timeline.
 */
export type DataIssue = "control-character" | "too-deep" | "not-storable";

/** What admins read about each issue: its catalog key, said where it is shown. */
export const DATA_ISSUE_TEXT: Record<DataIssue, string> = {
  "control-character": "events.dataIssues.controlCharacter",
  "too-deep": "events.dataIssues.tooDeep",
  "not-storable": "events.dataIssues.notStorable",
};

/** Deeper data is kept only as the raw body: nobody reads it, and showing it would not end well. */
export const MAX_DATA_DEPTH = 64;

// NUL (PostgreSQL's jsonb and text refuse it) and lone surrogates (jsonb refuses their \u escapes).
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, "g");

/** Depth of nesting (1 for a flat object), measured without recursion, stopping past `limit`. */
function depthOf(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return deepest;
}

function hasUnstorable(value: unknown): boolean {
  if (typeof value === "string") return UNSTORABLE.test(value);
  if (value === null || typeof value !== "object") return false;
  return Object.entries(value).some(([k, v]) => UNSTORABLE.test(k) || hasUnstorable(v));
}

/** A copy with unstorable characters replaced by U+FFFD; own keys such as `__proto__` stay keys. */
function cleaned(value: unknown): unknown {
  if (typeof value === "string") return value.replace(UNSTORABLE_ALL, "\ufffd");
  if (Array.isArray(value)) return value.map(cleaned);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(UNSTORABLE_ALL, "\ufffd"), cleaned(v)]));
}

/** The data as the database keeps it, and why it differs from what was sent (null when it does not). */
export function storableData(data: Record<string, unknown>): {
  data: Record<string, unknown>;
  issue: DataIssue | null;
} {
  if (depthOf(data, MAX_DATA_DEPTH) > MAX_DATA_DEPTH) return { data: {}, issue: "too-deep" };
  if (hasUnstorable(data)) return { data: cleaned(data) as Record<string, unknown>, issue: "control-character" };
  return { data, issue: null };
}
