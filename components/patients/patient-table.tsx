"use client";
// One page of patients, each with a link to the embedded feature opened for them.
import Link from "next/link";
import type { Patient } from "@/lib/contract";
import { DataTable, type Column } from "@/components/ui/data-table";
import { NameWithId } from "@/components/ui/id-text";

const fullName = (p: Patient) => p.full_name ?? `${p.first_name} ${p.last_name}`;

export function PatientTable({
  patients,
  practitionerNames = {},
}: {
  patients: Patient[];
  /** Practitioner id → name, from the clinic's directory. */
  practitionerNames?: Record<string, string>;
}) {
  const columns: Column<Patient>[] = [
    { key: "name", header: "Name", title: true, className: "text-slate-900", cell: fullName },
    { key: "email", header: "Email", cell: (p) => p.email ?? "—" },
    { key: "birth", header: "Date of birth", cell: (p) => p.date_of_birth ?? "—" },
    {
      key: "practitioner",
      header: "Practitioner",
      cell: (p) =>
        p.practitioner_id ? <NameWithId name={practitionerNames[p.practitioner_id]} id={p.practitioner_id} /> : "—",
    },
    {
      key: "open",
      header: <span className="sr-only">Open</span>,
      bareOnCard: true,
      className: "whitespace-nowrap text-right",
      cell: (p) => (
        <Link
          href={`/embedded?patient=${encodeURIComponent(p.id)}`}
          className="font-medium text-brand-700 hover:underline"
          aria-label={`Open treatment plans for ${fullName(p)}`}
        >
          Open treatment plans
        </Link>
      ),
    },
  ];
  return (
    <DataTable
      label="Patients"
      columns={columns}
      rows={patients}
      rowKey={(p) => p.id}
      rowProps={(p) => ({ "data-patient-id": p.id })}
    />
  );
}
