"use client";
// The practitioner's resources as a table. Resources a colleague shared can be opened but only
// their owner may change them, so they carry a badge instead of actions.
import { Button } from "@/components/ui/button";
import type { ResourceRecord } from "@/lib/contract";
import { formatBytes } from "@/lib/resources/file-check";

interface Props {
  resources: ResourceRecord[];
  practitionerId: string;
  onEdit: (resource: ResourceRecord) => void;
  onDelete: (resource: ResourceRecord) => void;
}

export function ResourceTable({ resources, practitionerId, onEdit, onDelete }: Props) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">Resources</caption>
        <thead className="bg-slate-50 text-xs uppercase text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">
              Name
            </th>
            <th scope="col" className="px-3 py-2">
              Type
            </th>
            <th scope="col" className="px-3 py-2">
              Category
            </th>
            <th scope="col" className="px-3 py-2">
              Treatment plan
            </th>
            <th scope="col" className="px-3 py-2">
              In library
            </th>
            <th scope="col" className="px-3 py-2">
              File
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {resources.map((r) => {
            const own = r.practitioner_id === practitionerId;
            return (
              <tr key={r.id} data-resource-id={r.id}>
                <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                  <a
                    href={r.attachment.url}
                    target="_blank"
                    rel="noreferrer"
                    className="text-brand-700 underline-offset-2 hover:underline"
                  >
                    {r.name}
                  </a>
                  {!own && (
                    <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-700">
                      Shared with you
                    </span>
                  )}
                </th>
                <td className="px-3 py-2">{r.type ?? "—"}</td>
                <td className="px-3 py-2">{r.category ?? "—"}</td>
                <td className="px-3 py-2 font-mono text-xs">{r.treatment_plan_id ?? "—"}</td>
                <td className="px-3 py-2">{r.save_to_library ? "Yes" : "No"}</td>
                <td className="px-3 py-2 text-xs text-slate-600">
                  {r.attachment.file_name} · {formatBytes(r.attachment.byte_size)}
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-right">
                  {own && (
                    <span className="flex justify-end gap-1">
                      <Button size="sm" variant="ghost" onClick={() => onEdit(r)} aria-label={`Edit ${r.name}`}>
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-red-700 hover:bg-red-50"
                        onClick={() => onDelete(r)}
                        aria-label={`Delete ${r.name}`}
                      >
                        Delete
                      </Button>
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
