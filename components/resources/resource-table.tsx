"use client";
// The practitioner's resources as a table. Resources a colleague shared can be opened but only
// their owner may change them, so they carry a badge instead of actions.
import { Button } from "@/components/ui/button";
import { DataTable, type Column } from "@/components/ui/data-table";
import type { ResourceRecord } from "@/lib/contract";
import { formatBytes } from "@/lib/resources/file-check";
import type { TreatmentPlanOption } from "@/lib/resources/treatment-plans";
import { NameWithId } from "@/components/ui/id-text";

interface Props {
  resources: ResourceRecord[];
  practitionerId: string;
  onEdit: (resource: ResourceRecord) => void;
  onDelete: (resource: ResourceRecord) => void;
  /** The practitioner's plans by what a person recognises (lib/resources/treatment-plans.ts). */
  plans?: TreatmentPlanOption[];
}

export function ResourceTable({ resources, practitionerId, onEdit, onDelete, plans }: Props) {
  const planLabel = (id: string) => plans?.find((p) => p.id === id)?.label ?? null;
  const own = (r: ResourceRecord) => r.practitioner_id === practitionerId;
  const columns: Column<ResourceRecord>[] = [
    {
      key: "name",
      header: "Name",
      title: true,
      className: "text-slate-900",
      cell: (r) => (
        <>
          <a
            href={r.attachment.url}
            target="_blank"
            rel="noreferrer"
            className="text-brand-700 underline-offset-2 hover:underline"
          >
            {r.name}
          </a>
          {!own(r) && (
            <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-700">
              Shared with you
            </span>
          )}
        </>
      ),
    },
    { key: "type", header: "Type", cell: (r) => r.type ?? "—" },
    { key: "category", header: "Category", cell: (r) => r.category ?? "—" },
    {
      key: "treatment-plan",
      header: "Treatment plan",
      cell: (r) =>
        r.treatment_plan_id ? <NameWithId name={planLabel(r.treatment_plan_id)} id={r.treatment_plan_id} /> : "—",
    },
    { key: "in-library", header: "In library", cell: (r) => (r.save_to_library ? "Yes" : "No") },
    {
      key: "file",
      header: "File",
      className: "text-xs text-slate-600",
      cell: (r) => `${r.attachment.file_name} · ${formatBytes(r.attachment.byte_size)}`,
    },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      bareOnCard: true,
      className: "whitespace-nowrap text-right",
      cell: (r) =>
        own(r) && (
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
        ),
    },
  ];
  return (
    <DataTable
      label="Resources"
      columns={columns}
      rows={resources}
      rowKey={(r) => r.id}
      rowProps={(r) => ({ "data-resource-id": r.id })}
    />
  );
}
