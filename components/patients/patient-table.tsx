"use client";
// One page of patients, each with a link to the embedded feature opened for them.
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { Patient } from "@/lib/contract";
import { DataTable, type Column } from "@/components/ui/data-table";
import { ListName } from "@/components/ui/id-text";
import { patientHref } from "@/lib/events/links";
import { fullName } from "@/components/patients/full-name";

export function PatientTable({
  patients,
  practitionerNames = {},
}: {
  patients: Patient[];
  /** Practitioner id → name, from the clinic's directory. */
  practitionerNames?: Record<string, string>;
}) {
  const t = useTranslations("patients.table");
  const columns: Column<Patient>[] = [
    {
      key: "name",
      header: t("name"),
      title: true,
      className: "text-slate-900",
      // The patient's own page: their history in the clinic and their plans.
      cell: (p) => (
        <Link href={patientHref(p.id)} className="font-medium text-brand-700 hover:underline">
          {fullName(p)}
        </Link>
      ),
    },
    { key: "email", header: t("email"), cell: (p) => p.email ?? "—" },
    { key: "birth", header: t("birth"), cell: (p) => p.date_of_birth ?? "—" },
    {
      key: "practitioner",
      header: t("practitioner"),
      cell: (p) =>
        p.practitioner_id ? (
          <ListName
            name={practitionerNames[p.practitioner_id]}
            id={p.practitioner_id}
            unknown={t("unknownPractitioner")}
          />
        ) : (
          "—"
        ),
    },
    {
      key: "open",
      header: <span className="sr-only">{t("open")}</span>,
      bareOnCard: true,
      className: "whitespace-nowrap text-right",
      cell: (p) => (
        <Link
          href={`/embedded?patient=${encodeURIComponent(p.id)}`}
          className="font-medium text-brand-700 hover:underline"
          aria-label={t("openFor", { name: fullName(p) })}
        >
          {t("openPlans")}
        </Link>
      ),
    },
  ];
  return (
    <DataTable
      label={t("label")}
      columns={columns}
      rows={patients}
      rowKey={(p) => p.id}
      rowProps={(p) => ({ "data-patient-id": p.id })}
    />
  );
}
