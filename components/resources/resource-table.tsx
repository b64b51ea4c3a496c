"use client";
// The practitioner's resources as a table. Resources a colleague shared can be opened but only
// their owner may change them, so they carry a badge instead of actions: "Shared with you" for the
// practitioner, "Shared with <name>" for staff acting for them (the badge speaks of the library's owner).
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { DataTable, type Column } from "@/components/ui/data-table";
import type { ResourceRecord } from "@/lib/contract";
import { categoryLabel, fileFacts, isOwnResource, typeLabel } from "@/lib/resources/record-view";
import type { TreatmentPlanOption } from "@/lib/resources/treatment-plans";
import { ListName } from "@/components/ui/id-text";
import { usePractitioners } from "@/components/resources/use-resources";

interface Props {
  resources: ResourceRecord[];
  practitionerId: string;
  onEdit: (resource: ResourceRecord) => void;
  onDelete: (resource: ResourceRecord) => void;
  /** The practitioner's plans by what a person recognises (lib/resources/treatment-plans.ts). */
  plans?: TreatmentPlanOption[];
  /** The practitioner staff act for (undefined: the signed-in practitioner's own library). */
  actingFor?: string;
}

export function ResourceTable({ resources, practitionerId, onEdit, onDelete, plans, actingFor }: Props) {
  const t = useTranslations("resources.table");
  // The picker's list, already read (the same query): no second request for the name.
  const practitioners = usePractitioners(Boolean(actingFor));
  const ownerName = practitioners.data?.find((p) => p.id === actingFor)?.name ?? null;
  const sharedLabel = !actingFor ? t("shared") : ownerName ? t("sharedWith", { name: ownerName }) : t("sharedWithThem");
  const say = useTranslations();
  const locale = useLocale();
  const planLabel = (id: string) => plans?.find((p) => p.id === id)?.label ?? null;
  const own = (r: ResourceRecord) => isOwnResource(r, practitionerId);
  const fileCell = (r: ResourceRecord) => {
    const { name, size } = fileFacts(r, locale);
    return name && size ? t("fileCell", { name, size }) : (name ?? size ?? "—");
  };
  const columns: Column<ResourceRecord>[] = [
    {
      key: "name",
      header: t("name"),
      title: true,
      className: "text-slate-900",
      cell: (r) => (
        <>
          <a
            href={r.attachment_url}
            target="_blank"
            rel="noreferrer"
            className="text-brand-700 underline-offset-2 hover:underline"
          >
            {r.name}
          </a>
          {!own(r) && (
            <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-700">
              {sharedLabel}
            </span>
          )}
        </>
      ),
    },
    { key: "type", header: t("type"), cell: (r) => typeLabel(r, say) ?? "—" },
    { key: "category", header: t("category"), cell: (r) => categoryLabel(r, say) ?? "—" },
    {
      key: "treatment-plan",
      header: t("plan"),
      cell: (r) =>
        r.treatment_plan_id ? (
          <ListName name={planLabel(r.treatment_plan_id)} id={r.treatment_plan_id} unknown={t("unknownPlan")} />
        ) : (
          "—"
        ),
    },
    {
      key: "in-library",
      header: t("inLibrary"),
      cell: (r) => (r.save_to_library == null ? "—" : r.save_to_library ? t("yes") : t("no")),
    },
    {
      key: "file",
      header: t("file"),
      className: "text-xs text-slate-600",
      cell: fileCell,
    },
    {
      key: "actions",
      header: <span className="sr-only">{t("actions")}</span>,
      bareOnCard: true,
      className: "whitespace-nowrap text-right",
      cell: (r) =>
        own(r) && (
          <span className="flex justify-end gap-1">
            <Button size="sm" variant="ghost" onClick={() => onEdit(r)} aria-label={t("editName", { name: r.name })}>
              {t("edit")}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="text-red-700 hover:bg-red-50"
              onClick={() => onDelete(r)}
              aria-label={t("deleteName", { name: r.name })}
            >
              {t("delete")}
            </Button>
          </span>
        ),
    },
  ];
  return (
    <DataTable
      label={t("label")}
      columns={columns}
      rows={resources}
      rowKey={(r) => r.id}
      rowProps={(r) => ({ "data-resource-id": r.id })}
    />
  );
}
