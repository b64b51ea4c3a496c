// Events (spec 2.4, 4.4, 6.1): the event types, the list each belongs to, the record shape and the
// query rules of each list endpoint (event_type only where allowed, exact sort_by/order_by values).
import { z } from "zod";
import { TimestampSchema } from "./common";
import { DateFilterStringSchema } from "./date-filter-schema";
import { PageQuerySchema, PaginationMetaSchema } from "./pagination";
import {
  EVENT_CATEGORIES,
  EVENT_LIST_RULES,
  EVENT_TYPES,
  eventTypesIn,
  type EventCategory,
  type EventType,
} from "./event-types";

export * from "./event-types";

export const EventCategorySchema = z.enum(EVENT_CATEGORIES);
export const EventTypeSchema = z.enum(EVENT_TYPES as [EventType, ...EventType[]]);

export const OrderBySchema = z.enum(["ASC", "DESC"]);
export type OrderBy = z.infer<typeof OrderBySchema>;

/** Strict query schema of one event list endpoint; unknown parameters are refused. */
export function eventListQuerySchema(category: EventCategory) {
  const rules = EVENT_LIST_RULES[category];
  const base = {
    created_at: DateFilterStringSchema.optional(),
    sort_by: z.enum(rules.sortBy as [string, ...string[]]).optional(),
    order_by: OrderBySchema.optional(),
    ...PageQuerySchema.shape,
  };
  if (!rules.eventTypeFilter) return z.strictObject(base);
  const types = eventTypesIn(category) as [EventType, ...EventType[]];
  return z.strictObject({ ...base, event_type: z.enum(types).optional() });
}
export type EventListQuery = {
  created_at?: string;
  event_type?: EventType;
  sort_by?: "event_type" | "created_at";
  order_by?: OrderBy;
  "page[number]"?: number;
  "page[size]"?: number;
};

/**
 * An event's data: any JSON object, kept as the same object. Not `z.record`, which copies it, and
 * the copy drops a key named `__proto__` (assigning it sets the copy's prototype instead).
 */
export const EventDataSchema = z.custom<Record<string, unknown>>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  { message: "must be an object" },
);

/**
 * An event record as we read it (lists, retrieval, webhook bodies). The documentation shows
 * `{id, type, created_at, clinic_id, data}`; product.created carries no clinic_id, no documented
 * example carries integration_id, and new keys may appear at any time. So only id, type, created_at
 * and data are required; type is any string (types beyond spec 6.1 are kept, filed under "other");
 * patch_version is any string (the platform names new ones); unknown keys are kept.
 */
export const EventRecordSchema = z.looseObject({
  id: z.string().min(1),
  type: z.string().min(1),
  clinic_id: z.string().min(1).optional(),
  integration_id: z.string().nullable().optional(),
  created_at: TimestampSchema,
  data: EventDataSchema,
  patch_version: z.string().optional(),
});
export type EventRecord = z.infer<typeof EventRecordSchema>;

/**
 * A list item that names its event by id alone. The platform's documentation says a list gives the
 * matching events' ids and `GET /api/events/{id}` gives the rest; spec 4.4 shows no list body.
 */
export const EventIdItemSchema = z.looseObject({ id: z.string() });

/**
 * One item of an event list, told apart: `event` is the whole record when the item is one, null when
 * it names its event by id alone (or carries too little to be read whole): that one is retrieved.
 */
export const EventListItemSchema = z.union([
  EventRecordSchema.transform((event) => ({ id: event.id, event })),
  EventIdItemSchema.transform(({ id }) => ({ id, event: null })),
]);
export type EventListItem = z.infer<typeof EventListItemSchema>;

/** An event list as the app reads it: whole events, ids alone, or a mix. */
export const EventListResponseSchema = z.object({ events: z.array(EventListItemSchema), meta: PaginationMetaSchema });
export type EventListResponse = z.infer<typeof EventListResponseSchema>;
/** A list of whole events: what the sandbox gives unless told to give ids (its conformance holds it to that). */
export const WholeEventListResponseSchema = z.object({
  events: z.array(EventRecordSchema),
  meta: PaginationMetaSchema,
});
/** A list of ids alone: the sandbox's `event_lists: "ids"` mode, as the platform's documentation describes lists. */
export const EventIdListResponseSchema = z.object({
  events: z.array(z.strictObject({ id: z.string() })),
  meta: PaginationMetaSchema,
});
export const EventResponseSchema = z.object({ event: EventRecordSchema });
