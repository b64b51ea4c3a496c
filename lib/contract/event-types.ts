// The event types of spec 6.1, the list each belongs to and the rules of each list endpoint, as
// plain values: zod-free, so the browser can import them; ./events builds its schemas from them.
export const EVENT_CATEGORIES = [
  "clinic_keys",
  "lab_orders",
  "orders",
  "patients",
  "products",
  "treatment_plans",
] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

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

/** The catalogs' key of a type's words: `events.typeNames.order_placed` for `order.placed`. */
export const eventTypeNameKey = (type: string) => `events.typeNames.${type.replaceAll(".", "_")}`;

/** A type of spec 6.1 (the platform may send others: the timeline keeps them under "other"). */
export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENT_TYPE_CATEGORY, type);
}

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

/** The key under `data` that holds the record an event is about, e.g. `patient` for patient.* */
export const EVENT_DATA_KEY: Record<EventCategory, string> = {
  clinic_keys: "clinic_key",
  lab_orders: "lab_order",
  orders: "order",
  patients: "patient",
  products: "product",
  treatment_plans: "treatment_plan",
};

/**
 * Where each type the platform's documentation shows keeps its record in `data`: under a key, or
 * `null` for `data` itself (order.placed, and product.created, whose updates use `data.product`).
 * Zod-free, for the browser; the record schemas are in ./event-data.
 */
export const DOCUMENTED_RECORD_KEY = {
  "patient.created": "patient",
  "patient.updated": "patient",
  "patient.emancipated": "patient",
  "order.placed": null,
  "lab_order.updated": "lab_order",
  "product.created": null,
  "product.updated": "product",
  "product.description.updated": "product",
  "treatment_plan.created": "treatment_plan",
  "treatment_plan.updated": "treatment_plan",
  "treatment_plan.recommendation.updated": "treatment_plan",
} as const satisfies Partial<Record<EventType, string | null>>;

export type DocumentedEventType = keyof typeof DOCUMENTED_RECORD_KEY;

export function isDocumentedEventType(type: string): type is DocumentedEventType {
  return Object.hasOwn(DOCUMENTED_RECORD_KEY, type);
}
