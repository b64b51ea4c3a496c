// The audit page's filters as the browser holds them (its pager builds links from them), zod-free;
// the server parses them with AuditFiltersSchema (./filters), whose output is this same type.
import type { AuditAction } from "@/lib/audit/actions";
import { urlFiltersHref } from "@/lib/http/url-filters";

export type AuditFilters = {
  person?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
  page: number;
};

/** What the schema gives for no filters at all (a test holds the two together). */
export const DEFAULT_AUDIT_FILTERS: AuditFilters = { page: 1 };

export function auditFiltersHref(base: string, filters: AuditFilters): string {
  return urlFiltersHref(base, filters, DEFAULT_AUDIT_FILTERS);
}
