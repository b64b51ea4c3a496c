"use client";
// Page controls for the audit trail: moving keeps every filter in the URL.
import { useRouter } from "next/navigation";
import { Pagination } from "@/components/ui/pagination";
import { auditFiltersHref, type AuditFilters } from "@/lib/audit/filter-values";

export function AuditPager({ filters, total, pages }: { filters: AuditFilters; total: number; pages: number }) {
  const router = useRouter();
  const page = filters.page;
  return (
    <Pagination
      meta={{
        current_page: page,
        next_page: page < pages ? page + 1 : null,
        prev_page: page > 1 ? page - 1 : null,
        total_pages: pages,
        total_count: total,
      }}
      noun="entries"
      onPage={(next) => router.push(auditFiltersHref("/admin/audit", { ...filters, page: next }))}
    />
  );
}
