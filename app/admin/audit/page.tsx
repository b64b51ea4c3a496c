// The audit trail: who did what and when in this clinic, filtered by person, action and days (in the
// clinic's time zone), newest first, and exported as CSV with the same filters.
import { getLocale, getTranslations } from "next-intl/server";
import { zoneForPeople } from "@/lib/format/time";
import { requireSection } from "@/lib/auth/require-section";
import { auditFiltersHref, parseAuditFilters } from "@/lib/audit/filters";
import { auditPeople, listAuditEntries } from "@/lib/audit/query";
import { AuditFiltersForm } from "@/components/audit/audit-filters-form";
import { AuditPager } from "@/components/audit/audit-pager";
import { AuditTable } from "@/components/audit/audit-table";
import { adminSectionMetadata } from "@/lib/admin/section-metadata";

export const generateMetadata = adminSectionMetadata("audit");
export const dynamic = "force-dynamic";

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { clinicId, user } = await requireSection("admin");
  const { filters, errors } = parseAuditFilters(await searchParams);
  const { timeZone } = user;
  const t = await getTranslations("audit");
  // Named once, here, for the intro and the date fields' labels: the city and its clock's name.
  const zone = zoneForPeople(timeZone, await getLocale());
  const [people, page] = await Promise.all([
    auditPeople(clinicId, t("system")),
    listAuditEntries(clinicId, filters, timeZone),
  ]);
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">{t("title")}</h2>
        <p className="text-sm text-slate-600">{t("intro", { timeZone: zone })}</p>
      </div>
      <AuditFiltersForm
        filters={filters}
        errors={errors}
        people={people}
        zoneName={zone}
        exportHref={auditFiltersHref("/admin/audit/export", { ...filters, page: 1 })}
      />
      <AuditTable rows={page.rows} timeZone={timeZone} />
      {page.total > 0 && <AuditPager filters={filters} total={page.total} pages={page.pages} />}
    </div>
  );
}
