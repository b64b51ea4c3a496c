// The timeline's filters as they arrive from the browser (search params or a server action's
// argument): category, event type, a date filter in any form of spec 4, and free text searched in
// the event data. Parsed here once; empty fields mean "no filter".
import { z } from "zod";
import { TIMELINE_CATEGORIES } from "@/lib/events/categories";
import { DateFilterFieldSchema } from "@/lib/events/date-filter-field";
import { type TimelineFilters } from "@/lib/events/timeline/filter-values";

export { isFiltered, type TimelineFilters } from "@/lib/events/timeline/filter-values";

/** Three letters or digits in a row: the least a trigram index can look up. */
export const SEARCHABLE = /[\p{L}\p{N}]{3}/u;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const TimelineFiltersSchema = z.object({
  category: z.preprocess(blankToUndefined, z.enum(TIMELINE_CATEGORIES).optional()),
  type: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(100)
      .regex(/^[a-z_.]+$/, "validation.eventType")
      .optional(),
  ),
  date: z.preprocess(blankToUndefined, z.string().trim().pipe(DateFilterFieldSchema).optional()),
  // Control characters can't be typed into a search box, and PostgreSQL refuses NUL in text. The
  // search is served by trigram indexes (pg_trgm), which take their trigrams from runs of letters
  // and digits: a term without three in a row ("%", "_", "ab", a lone backslash) has none, so it
  // would read every event of the clinic. It is refused before it runs.
  q: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(200)
      .regex(/^[^\u0000-\u001f]*$/, "validation.searchControl")
      // Piped: a term refused for its characters is not told it is too short as well.
      .pipe(z.string().regex(SEARCHABLE, "validation.searchTooShort"))
      .optional(),
  ),
  /** Newest first unless "oldest". Not a filter: it orders what the filters select. */
  sort: z.preprocess(blankToUndefined, z.enum(["newest", "oldest"]).optional()),
});
type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// The browser's type (lib/events/timeline/filter-values.ts) is what the schema gives, no more, no less.
true satisfies SameType<TimelineFilters, z.output<typeof TimelineFiltersSchema>>;

const CURSOR_INSTANT = /^(?!0000)\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Keyset position: the last row shown (in the list's order, ties broken by id). */
export const TimelineCursorSchema = z
  .string()
  .max(400)
  .transform((s, ctx) => {
    const [at, ...rest] = Buffer.from(s, "base64url").toString("utf8").split("|");
    // Only the timestamps encodeCursor writes: an instant from year 0001 to 9999, as toISOString has it.
    const createdAt = new Date(at);
    const id = rest.join("|");
    if (!CURSOR_INSTANT.test(at) || Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== at || !id) {
      ctx.addIssue({ code: "custom", message: "bad cursor" });
      return z.NEVER;
    }
    return { createdAt, id };
  });
export type TimelineCursor = z.output<typeof TimelineCursorSchema>;

export function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`, "utf8").toString("base64url");
}
