// The deliveries table's filters as they travel in the page URL (so a filtered view can be linked
// and the browser's back button works), and their translation into the platform's query (spec 4.5).
// The schema the server page parses the URL with; the browser's form checks with the zod-free
// ./delivery-filter-values, whose values this schema is built from.
import { z } from "zod";
import { dayRangeIn } from "@/lib/format/days";
import { parseDateFilter } from "@/lib/contract/date-filter";
import { addDays } from "@/lib/events/timeline/period";
import { DateFilterFieldSchema } from "@/lib/events/date-filter-field";
import { blankToUndefined, parseUrlFilters, type SearchParams } from "@/lib/http/url-filters";
import {
  DEFAULT_DELIVERY_FILTERS,
  DELIVERY_FILTER_MESSAGES,
  DELIVERY_ORDERS,
  DELIVERY_OUTCOMES,
  DELIVERY_PAGE_MAX,
  DELIVERY_PAGE_SIZES,
  DELIVERY_SORTS,
  EVENT_ID_MAX,
  type DeliveryFilters,
} from "@/lib/admin/delivery-filter-values";

export {
  DEFAULT_DELIVERY_FILTERS,
  DELIVERY_PAGE_SIZES,
  deliveryFiltersHref,
  type DeliveryFilters,
} from "@/lib/admin/delivery-filter-values";

export const DeliveryFiltersSchema = z.object({
  attempted_at: z.preprocess(blankToUndefined, DateFilterFieldSchema.optional()),
  event_id: z.preprocess(blankToUndefined, z.string().max(EVENT_ID_MAX, DELIVERY_FILTER_MESSAGES.eventId).optional()),
  delivered: z.preprocess(blankToUndefined, z.enum(DELIVERY_OUTCOMES, DELIVERY_FILTER_MESSAGES.delivered).optional()),
  sort: z.preprocess(
    blankToUndefined,
    z.enum(DELIVERY_SORTS, DELIVERY_FILTER_MESSAGES.sort).default(DEFAULT_DELIVERY_FILTERS.sort),
  ),
  order: z.preprocess(
    blankToUndefined,
    z.enum(DELIVERY_ORDERS, DELIVERY_FILTER_MESSAGES.order).default(DEFAULT_DELIVERY_FILTERS.order),
  ),
  page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .int("validation.pageWhole")
      .min(1, "validation.pageMin")
      .max(DELIVERY_PAGE_MAX)
      .default(DEFAULT_DELIVERY_FILTERS.page),
  ),
  size: z.preprocess(
    blankToUndefined,
    z.coerce
      .number(DELIVERY_FILTER_MESSAGES.size)
      .refine((n) => (DELIVERY_PAGE_SIZES as readonly number[]).includes(n), DELIVERY_FILTER_MESSAGES.size)
      .default(DEFAULT_DELIVERY_FILTERS.size),
  ),
});
type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// The browser's type (lib/admin/delivery-filter-values.ts) is what the schema gives, no more, no less.
true satisfies SameType<DeliveryFilters, z.output<typeof DeliveryFiltersSchema>>;

/** The filters of a page URL; bad values come back as field messages and the defaults are used. */
export function parseDeliveryFilters(raw: SearchParams): {
  filters: DeliveryFilters;
  errors: Record<string, string[]>;
} {
  return parseUrlFilters(DeliveryFiltersSchema, raw);
}

/** The platform's query for these filters (spec 4.5 names). */
export function deliveryQuery(f: DeliveryFilters) {
  return {
    filter: {
      ...(f.attempted_at ? { attempted_at: f.attempted_at } : {}),
      ...(f.event_id ? { event_id: f.event_id } : {}),
      ...(f.delivered ? { successfully_delivered: f.delivered } : {}),
      sort_by: f.sort,
      order_by: f.order,
    },
    page: { number: f.page, size: f.size },
  };
}

/**
 * A date filter on the clinic's clock: the instants its days cover in `timeZone`, and the platform's
 * filter (whose days are UTC's) widened by a day each side so that it holds all of them.
 */
export function clinicDays(value: string, timeZone: string): { platform: string; range: { gte?: Date; lt?: Date } } {
  const parsed = parseDateFilter(value);
  if (!parsed.ok) throw new Error(`not a date filter: ${value}`);
  const f = parsed.filter;
  switch (f.kind) {
    case "on":
      return { platform: `${addDays(f.date, -1)}..${addDays(f.date, 1)}`, range: dayRangeIn(f.date, f.date, timeZone) };
    case "before":
      return { platform: `<${addDays(f.date, 1)}`, range: { lt: dayRangeIn(f.date, undefined, timeZone).gte } };
    case "after":
      return { platform: `>${addDays(f.date, -1)}`, range: { gte: dayRangeIn(undefined, f.date, timeZone).lt } };
    case "between":
      return { platform: `${addDays(f.from, -1)}..${addDays(f.to, 1)}`, range: dayRangeIn(f.from, f.to, timeZone) };
  }
}
