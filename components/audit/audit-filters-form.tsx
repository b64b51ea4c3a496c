"use client";
// The audit trail's filters as a plain GET form: the page reads them from its URL, so a filtered view
// can be bookmarked, and the export link carries the same ones. Days are the clinic's (its time zone).
import { useTranslations } from "next-intl";
import { AUDIT_ACTION_NAMES, auditActionKey } from "@/lib/audit/actions";
import type { AuditFilters } from "@/lib/audit/filters";
import { Field, inputClass } from "@/components/ui/field";

interface Props {
  filters: AuditFilters;
  errors: Record<string, string[]>;
  people: Array<{ value: string; label: string }>;
  /** The clinic's zone as people name it (lib/format/time.ts, zoneForPeople), for the date fields. */
  zoneName: string;
  exportHref: string;
}

export function AuditFiltersForm({ filters, errors, people, zoneName, exportHref }: Props) {
  const t = useTranslations("audit.filters");
  const say = useTranslations();
  return (
    <form
      method="get"
      action="/admin/audit"
      aria-label={t("label")}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <Field label={t("person")} errors={errors.person}>
        {(props) => (
          <select {...props} name="person" defaultValue={filters.person ?? ""} className={inputClass}>
            <option value="">{t("everyone")}</option>
            {people.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t("action")} errors={errors.action}>
        {(props) => (
          <select {...props} name="action" defaultValue={filters.action ?? ""} className={inputClass}>
            <option value="">{t("anyAction")}</option>
            {AUDIT_ACTION_NAMES.map((a) => (
              <option key={a} value={a}>
                {say(auditActionKey(a))}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t("from", { timeZone: zoneName })} errors={errors.from}>
        {(props) => (
          <input {...props} type="date" name="from" defaultValue={filters.from ?? ""} className={inputClass} />
        )}
      </Field>
      <Field label={t("to", { timeZone: zoneName })} errors={errors.to}>
        {(props) => <input {...props} type="date" name="to" defaultValue={filters.to ?? ""} className={inputClass} />}
      </Field>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
        <button
          type="submit"
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t("apply")}
        </button>
        <a href="/admin/audit" className="rounded-md border border-slate-300 px-4 py-2 text-sm hover:bg-slate-50">
          {t("clear")}
        </a>
        <a href={exportHref} className="ml-auto text-sm font-medium text-brand-700 underline" download>
          {t("export")}
        </a>
      </div>
    </form>
  );
}
