// The deliveries table's filters as they travel in the page URL (so a filtered view can be linked
// and the browser's back button works), and their translation into the platform's query (spec 4.5).
// Shared by the server page and the browser form; no server-only imports.
import { fieldErrors } from "@/lib/contract/field-errors";
import { z } from "zod";
import { DateFilterStringSchema } from "@/lib/contract/date-filter";

export const DELIVERY_PAGE_SIZES = [10, 25, 50, 100] as const;

const blankToUndefined = (v: unknown) =>
  typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v;

export const DeliveryFiltersSchema = z.object({
  attempted_at: z.preprocess(blankToUndefined, DateFilterStringSchema.optional()),
  event_id: z.preprocess(blankToUndefined, z.string().max(200, "An event id is at most 200 characters.").optional()),
  delivered: z.preprocess(
    blankToUndefined,
    z.enum(["true", "false"], "Choose delivered, failed or either.").optional(),
  ),
  sort: z.preprocess(
    blankToUndefined,
    z.enum(["attempted_at", "event_id"], "Sort by attempt time or event id.").default("attempted_at"),
  ),
  order: z.preprocess(
    blankToUndefined,
    z.enum(["ASC", "DESC"], "Order is oldest first or newest first.").default("DESC"),
  ),
  page: z.preprocess(
    blankToUndefined,
    z.coerce.number().int("A page is a whole number.").min(1, "Pages start at 1.").max(100_000).default(1),
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

type SearchParams = Record<string, string | string[] | undefined>;

/** The filters of a page URL; bad values come back as field messages and the defaults are used. */
export function parseDeliveryFilters(raw: SearchParams): {
  filters: DeliveryFilters;
  errors: Record<string, string[]>;
} {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const input = Object.fromEntries(Object.keys(DeliveryFiltersSchema.shape).map((k) => [k, first(raw[k])]));
  const parsed = DeliveryFiltersSchema.safeParse(input);
  if (parsed.success) return { filters: parsed.data, errors: {} };
  const errors = fieldErrors(parsed.error.issues);
  // Keep the valid fields, drop the bad ones: the admin sees the message and a usable table.
  const kept = Object.fromEntries(Object.entries(input).filter(([k]) => !(k in errors)));
  return { filters: DeliveryFiltersSchema.parse(kept), errors };
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
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(f)) {
    if (value === undefined || value === DEFAULT_DELIVERY_FILTERS[key as keyof DeliveryFilters]) continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}
