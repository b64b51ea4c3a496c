// The deliveries filters' values and the check the browser's form runs before it puts them in the
// URL, zod-free so the form ships without zod. The server parses the URL with DeliveryFiltersSchema
// (./delivery-filters), built from these values; a test holds the check and the schema to the same
// answers.
import { parseDateFilter } from "@/lib/contract/date-filter";
import { urlFiltersHref } from "@/lib/http/url-filters";

export const DELIVERY_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DELIVERY_SORTS = ["attempted_at", "event_id"] as const;
export const DELIVERY_ORDERS = ["ASC", "DESC"] as const;
export const DELIVERY_OUTCOMES = ["true", "false"] as const;
export const EVENT_ID_MAX = 200;
export const DELIVERY_PAGE_MAX = 100_000;

/** Catalog keys (or text) of what the checks say. */
export const DELIVERY_FILTER_MESSAGES = {
  eventId: "admin.deliveryFilters.errors.eventId",
  delivered: "admin.deliveryFilters.errors.delivered",
  sort: "admin.deliveryFilters.errors.sort",
  order: "admin.deliveryFilters.errors.order",
  size: `Show ${DELIVERY_PAGE_SIZES.join(", ")} per page.`,
} as const;

export type DeliveryFilters = {
  attempted_at?: string;
  event_id?: string;
  delivered?: (typeof DELIVERY_OUTCOMES)[number];
  sort: (typeof DELIVERY_SORTS)[number];
  order: (typeof DELIVERY_ORDERS)[number];
  page: number;
  size: number;
};

/** What the schema gives for no filters at all (a test holds the two together). */
export const DEFAULT_DELIVERY_FILTERS: DeliveryFilters = { sort: "attempted_at", order: "DESC", page: 1, size: 25 };

/** The page URL's query string for these filters (defaults left out), e.g. for pager links. */
export function deliveryFiltersHref(base: string, f: DeliveryFilters): string {
  return urlFiltersHref(base, f, DEFAULT_DELIVERY_FILTERS);
}

const given = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);
const oneOf = <T extends string>(list: readonly T[], v: string): v is T => (list as readonly string[]).includes(v);

/** The form's fields (strings; blank means "not set") as the first page of filters, or what is wrong. */
export function checkDeliveryForm(
  form: Record<"attempted_at" | "event_id" | "delivered" | "sort" | "order" | "size", unknown>,
): { ok: true; filters: DeliveryFilters } | { ok: false; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const filters: DeliveryFilters = { ...DEFAULT_DELIVERY_FILTERS };
  const attempted = given(form.attempted_at);
  if (attempted !== undefined) {
    const parsed = parseDateFilter(attempted);
    if (parsed.ok) filters.attempted_at = attempted;
    else errors.attempted_at = [`validation.dateFilter.${parsed.problem}`];
  }
  const eventId = given(form.event_id);
  if (eventId !== undefined) {
    if (eventId.length <= EVENT_ID_MAX) filters.event_id = eventId;
    else errors.event_id = [DELIVERY_FILTER_MESSAGES.eventId];
  }
  const delivered = given(form.delivered);
  if (delivered !== undefined) {
    if (oneOf(DELIVERY_OUTCOMES, delivered)) filters.delivered = delivered;
    else errors.delivered = [DELIVERY_FILTER_MESSAGES.delivered];
  }
  const sort = given(form.sort) ?? filters.sort;
  if (oneOf(DELIVERY_SORTS, sort)) filters.sort = sort;
  else errors.sort = [DELIVERY_FILTER_MESSAGES.sort];
  const order = given(form.order) ?? filters.order;
  if (oneOf(DELIVERY_ORDERS, order)) filters.order = order;
  else errors.order = [DELIVERY_FILTER_MESSAGES.order];
  const size = Number(given(form.size) ?? filters.size);
  if ((DELIVERY_PAGE_SIZES as readonly number[]).includes(size)) filters.size = size;
  else errors.size = [DELIVERY_FILTER_MESSAGES.size];
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, filters };
}
