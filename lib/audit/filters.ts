// The audit page's filters as they travel in its URL and in the CSV export's: person, action, and a
// range of days in the clinic's time zone (both ends included). Shared by the server page, the
// export route and the browser form; no server-only imports.
import { z } from "zod";
import { isCalendarDate } from "@/lib/contract/date-filter";
import { AUDIT_ACTION_NAMES } from "@/lib/audit/actions";
import { blankToUndefined, parseUrlFilters, type SearchParams } from "@/lib/http/url-filters";
import type { AuditFilters } from "@/lib/audit/filter-values";

export { auditFiltersHref, DEFAULT_AUDIT_FILTERS, type AuditFilters } from "@/lib/audit/filter-values";

/** The person filter's value for entries the app wrote itself. */
export const SYSTEM_PERSON = "system";

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "audit.errors.dayFormat", abort: true })
  .refine(isCalendarDate, "audit.errors.date");

export const AuditFiltersSchema = z.object({
  person: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((v) => v === SYSTEM_PERSON || z.uuid().safeParse(v).success, "audit.errors.person")
      .optional(),
  ),
  action: z.preprocess(blankToUndefined, z.enum(AUDIT_ACTION_NAMES, "audit.errors.action").optional()),
  from: z.preprocess(blankToUndefined, Day.optional()),
  to: z.preprocess(blankToUndefined, Day.optional()),
  page: z.preprocess(
    blankToUndefined,
    z.coerce.number().int("validation.pageWhole").min(1, "validation.pageMin").max(1_000_000).default(1),
  ),
});
type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// The browser's type (lib/audit/filter-values.ts) is what the schema gives, no more, no less.
true satisfies SameType<AuditFilters, z.output<typeof AuditFiltersSchema>>;

export function parseAuditFilters(raw: SearchParams): { filters: AuditFilters; errors: Record<string, string[]> } {
  const parsed = parseUrlFilters(AuditFiltersSchema, raw);
  const { from, to } = parsed.filters;
  if (from && to && to < from) {
    // A range that ends before it starts would show nothing without saying why.
    return {
      filters: { ...parsed.filters, to: undefined },
      errors: { ...parsed.errors, to: ["audit.errors.order"] },
    };
  }
  return parsed;
}
