// Pagination (spec 2.6, 4.6): `page[number]`, `page[size]` query parameters and the `meta` object.
import { z } from "zod";

export const MAX_PAGE_SIZE = 100;
/** The platform's default page size is not published; the sandbox uses 25. */
export const DEFAULT_PAGE_SIZE = 25;

export const PAGE_PARAMS = { number: "page[number]", size: "page[size]" } as const;

const positiveIntString = z
  .string()
  .regex(/^[1-9][0-9]{0,8}$/, "must be a positive whole number")
  .transform(Number);

/** Page query as it arrives in a URL (string values under the bracketed keys). */
export const PageQuerySchema = z.object({
  "page[number]": positiveIntString.optional(),
  "page[size]": positiveIntString.refine((n) => n <= MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** Spec 2.6: all five fields are required; a key the platform adds is kept. */
export const PaginationMetaSchema = z.looseObject({
  current_page: z.number().int().min(1),
  next_page: z.number().int().min(1).nullable(),
  prev_page: z.number().int().min(1).nullable(),
  total_pages: z.number().int().min(0),
  total_count: z.number().int().min(0),
});
export type PaginationMeta = z.infer<typeof PaginationMetaSchema>;

/** Schema of a list response: items under `key` plus `meta` (other keys kept). */
export function paginatedSchema<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.looseObject({ [key]: z.array(item), meta: PaginationMetaSchema } as { [P in K]: z.ZodArray<T> } & {
    meta: typeof PaginationMetaSchema;
  });
}

/** Pure page arithmetic shared by the sandbox and tests. */
export function paginate<T>(
  items: readonly T[],
  page = 1,
  size = DEFAULT_PAGE_SIZE,
): { items: T[]; meta: PaginationMeta } {
  const total_count = items.length;
  const total_pages = Math.ceil(total_count / size);
  const start = (page - 1) * size;
  return {
    items: items.slice(start, start + size),
    meta: {
      current_page: page,
      next_page: page < total_pages ? page + 1 : null,
      prev_page: page > 1 ? Math.min(page - 1, Math.max(total_pages, 1)) : null,
      total_pages,
      total_count,
    },
  };
}

/** Builds the query string pairs for a page request (for clients). */
export function pageParams(number?: number, size?: number): Record<string, string> {
  const out: Record<string, string> = {};
  if (number !== undefined) out[PAGE_PARAMS.number] = String(number);
  if (size !== undefined) out[PAGE_PARAMS.size] = String(size);
  return out;
}
