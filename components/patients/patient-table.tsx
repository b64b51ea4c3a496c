"use client";
// One page of patients, each with a link to the embedded feature opened for them.
import Link from "next/link";
import type { Patient } from "@/lib/contract";

const fullName = (p: Patient) => p.full_name ?? `${p.first_name} ${p.last_name}`;

export function PatientTable({ patients }: { patients: Patient[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">Patients</caption>
        <thead className="bg-slate-50 text-xs uppercase text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">
              Name
            </th>
            <th scope="col" className="px-3 py-2">
              Email
            </th>
            <th scope="col" className="px-3 py-2">
              Date of birth
            </th>
            <th scope="col" className="px-3 py-2">
              Practitioner
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Open</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {patients.map((p) => (
            <tr key={p.id} data-patient-id={p.id}>
              <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                {fullName(p)}
              </th>
              <td className="px-3 py-2">{p.email ?? "—"}</td>
              <td className="px-3 py-2">{p.date_of_birth ?? "—"}</td>
              <td className="px-3 py-2 font-mono text-xs">{p.practitioner_id ?? "—"}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right">
                <Link
                  href={`/embedded?patient=${encodeURIComponent(p.id)}`}
                  className="font-medium text-brand-700 hover:underline"
                  aria-label={`Open treatment plans for ${fullName(p)}`}
                >
                  Open treatment plans
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
