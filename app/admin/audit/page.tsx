// The audit trail: who did what and when in this clinic, filtered by person, action and days (in the
// clinic's time zone), newest first, and exported as CSV with the same filters.
import type { Metadata } from "next";
import { requireSection } from "@/lib/auth/require-section";
import { clinicTimeZone } from "@/lib/audit/day-range";
import { auditFiltersHref, parseAuditFilters } from "@/lib/audit/filters";
import { auditPeople, listAuditEntries } from "@/lib/audit/query";
import { AuditFiltersForm } from "@/components/audit/audit-filters-form";
import { AuditPager } from "@/components/audit/audit-pager";
import { AuditTable } from "@/components/audit/audit-table";

export const metadata: Metadata = { title: "Audit trail · Admin" };
export const dynamic = "force-dynamic";

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { clinicId } = await requireSection("admin");
  const { filters, errors } = parseAuditFilters(await searchParams);
  const timeZone = clinicTimeZone();
  const [people, page] = await Promise.all([auditPeople(clinicId), listAuditEntries(clinicId, filters)]);
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">Audit trail</h2>
        <p className="text-sm text-slate-600">
          Every sign-in, change and look at patient data in this clinic, with who did it. Entries cannot be changed:
          each one is chained to the one before it by a hash, so an altered or removed entry shows. Times are in{" "}
          {timeZone}.
        </p>
      </div>
      <AuditFiltersForm
        filters={filters}
        errors={errors}
        people={people}
        timeZone={timeZone}
        exportHref={auditFiltersHref("/admin/audit/export", { ...filters, page: 1 })}
      />
      <AuditTable rows={page.rows} />
      {page.total > 0 && <AuditPager filters={filters} total={page.total} pages={page.pages} />}
    </div>
  );
}
