// The deliveries table's filters as they travel in the page URL (so a filtered view can be linked
// and the browser's back button works), and their translation into the platform's query (spec 4.5).
// Shared by the server page and the browser form; no server-only imports.
import { z } from "zod";
import { DateFilterFieldSchema } from "@/lib/events/date-filter-field";
import { blankToUndefined, parseUrlFilters, urlFiltersHref, type SearchParams } from "@/lib/admin/url-filters";

export const DELIVERY_PAGE_SIZES = [10, 25, 50, 100] as const;

export const DeliveryFiltersSchema = z.object({
  attempted_at: z.preprocess(blankToUndefined, DateFilterFieldSchema.optional()),
  event_id: z.preprocess(blankToUndefined, z.string().max(200, "admin.deliveryFilters.errors.eventId").optional()),
  delivered: z.preprocess(
    blankToUndefined,
    z.enum(["true", "false"], "admin.deliveryFilters.errors.delivered").optional(),
  ),
  sort: z.preprocess(
    blankToUndefined,
    z.enum(["attempted_at", "event_id"], "admin.deliveryFilters.errors.sort").default("attempted_at"),
  ),
  order: z.preprocess(blankToUndefined, z.enum(["ASC", "DESC"], "admin.deliveryFilters.errors.order").default("DESC")),
  page: z.preprocess(
    blankToUndefined,
    z.coerce.number().int("validation.pageWhole").min(1, "validation.pageMin").max(100_000).default(1),
  ),
  size: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .refine(
        (n) => (DELIVERY_PAGE_SIZES as readonly number[]).includes(n),
        `Show ${DELIVERY_PAGE_SIZES.join(", ")} per page.`,
      )
      .default(25),
  ),
});
export type DeliveryFilters = z.infer<typeof DeliveryFiltersSchema>;

export const DEFAULT_DELIVERY_FILTERS: DeliveryFilters = DeliveryFiltersSchema.parse({});

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

/** The page URL's query string for these filters (defaults left out), e.g. for pager links. */
export function deliveryFiltersHref(base: string, f: DeliveryFilters): string {
  return urlFiltersHref(base, f, DEFAULT_DELIVERY_FILTERS);
}
