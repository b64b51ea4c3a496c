// Events (spec 2.4, 4.4, 6.1): the event types, the list each belongs to, the record shape and the
// query rules of each list endpoint (event_type only where allowed, exact sort_by/order_by values).
import { z } from "zod";
import { TimestampSchema } from "./common";
import { DateFilterStringSchema } from "./date-filter";
import { PageQuerySchema, PaginationMetaSchema } from "./pagination";
import { PatchVersionSchema } from "./versions";

export const EVENT_CATEGORIES = [
  "clinic_keys",
  "lab_orders",
  "orders",
  "patients",
  "products",
  "treatment_plans",
] as const;
export const EventCategorySchema = z.enum(EVENT_CATEGORIES);
export type EventCategory = z.infer<typeof EventCategorySchema>;

/** Every event type of spec 6.1 with the list it appears in. */
export const EVENT_TYPE_CATEGORY = {
  "clinic_key.revoked": "clinic_keys",
  "clinic_key.activated": "clinic_keys",
  "lab_order.updated": "lab_orders",
  "order.placed": "orders",
  "patient.created": "patients",
  "patient.updated": "patients",
  "patient.emancipated": "patients",
  "product.created": "products",
  "product.updated": "products",
  "product.description.updated": "products",
  "treatment_plan.created": "treatment_plans",
  "treatment_plan.updated": "treatment_plans",
  "treatment_plan.recommendation.updated": "treatment_plans",
  "treatment_plan.lab_recommendation.updated": "treatment_plans",
} as const satisfies Record<string, EventCategory>;

export type EventType = keyof typeof EVENT_TYPE_CATEGORY;
export const EVENT_TYPES = Object.keys(EVENT_TYPE_CATEGORY) as EventType[];
export const EventTypeSchema = z.enum(EVENT_TYPES as [EventType, ...EventType[]]);

export function eventCategoryOf(type: EventType): EventCategory {
  return EVENT_TYPE_CATEGORY[type];
}
export function eventTypesIn(category: EventCategory): EventType[] {
  return EVENT_TYPES.filter((t) => EVENT_TYPE_CATEGORY[t] === category);
}

/** List path of each category, e.g. `/api/events/patients`. */
export function eventListPath(category: EventCategory): string {
  return `/api/events/${category}`;
}
export function eventPath(id: string): string {
  return `/api/events/${encodeURIComponent(id)}`;
}

/** Rules of the table in spec 4.4. */
export const EVENT_LIST_RULES: Record<EventCategory, { eventTypeFilter: boolean; sortBy: readonly string[] }> = {
  clinic_keys: { eventTypeFilter: true, sortBy: ["event_type", "created_at"] },
  lab_orders: { eventTypeFilter: false, sortBy: ["created_at"] },
  orders: { eventTypeFilter: true, sortBy: ["event_type", "created_at"] },
  patients: { eventTypeFilter: true, sortBy: ["event_type", "created_at"] },
  products: { eventTypeFilter: true, sortBy: ["event_type", "created_at"] },
  treatment_plans: { eventTypeFilter: true, sortBy: ["event_type", "created_at"] },
};

export const EVENT_RETENTION_DAYS = 30;

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

/** Event record `{id,type,clinic_id,integration_id,created_at,data}` (+ patch_version from 2025-06). */
export const EventRecordSchema = z.object({
  id: z.string(),
  type: EventTypeSchema,
  clinic_id: z.string(),
  integration_id: z.string().nullable().optional(),
  created_at: TimestampSchema,
  data: EventDataSchema,
  patch_version: PatchVersionSchema.optional(),
});
export type EventRecord = z.infer<typeof EventRecordSchema>;

export const EventListResponseSchema = z.object({ events: z.array(EventRecordSchema), meta: PaginationMetaSchema });
export type EventListResponse = z.infer<typeof EventListResponseSchema>;
export const EventResponseSchema = z.object({ event: EventRecordSchema });

/** The key under `data` that holds the record an event is about, e.g. `patient` for patient.* */
export const EVENT_DATA_KEY: Record<EventCategory, string> = {
  clinic_keys: "clinic_key",
  lab_orders: "lab_order",
  orders: "order",
  patients: "patient",
  products: "product",
  treatment_plans: "treatment_plan",
};
