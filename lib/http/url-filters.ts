// Filters that travel in a page's URL (so a filtered view can be linked and the back button works):
// reading them leniently, and writing them back with the defaults left out. Shared by server pages
// and browser forms; no server-only imports.
import type { z } from "zod";
import { fieldErrors } from "@/lib/contract/field-errors";

export type SearchParams = Record<string, string | string[] | undefined>;

/** Form fields arrive as strings: blank means "not set", and surrounding spaces mean nothing. */
export const blankToUndefined = (v: unknown) =>
  typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v;

/** The filters of a page URL; bad values come back as field messages and the defaults are used. */
export function parseUrlFilters<S extends z.ZodObject>(
  schema: S,
  raw: SearchParams,
): { filters: z.output<S>; errors: Record<string, string[]> } {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const input = Object.fromEntries(Object.keys(schema.shape).map((k) => [k, first(raw[k])]));
  const parsed = schema.safeParse(input);
  if (parsed.success) return { filters: parsed.data, errors: {} };
  const errors = fieldErrors(parsed.error.issues);
  // Keep the valid fields, drop the bad ones: the admin sees the message and a usable table.
  const kept = Object.fromEntries(Object.entries(input).filter(([k]) => !(k in errors)));
  return { filters: schema.parse(kept), errors };
}

/** `base` with the filters that differ from `defaults` as its query string (e.g. for pager links). */
export function urlFiltersHref<F extends Record<string, unknown>>(base: string, filters: F, defaults: F): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === defaults[key]) continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}
