// One source's drift (an event type or an endpoint): each field in words, how many times, and when
// it was first and last seen, on the clinic's clock (<When>).
import { useTranslations } from "next-intl";
import type { DriftGroup, DriftLine } from "@/lib/drift/report";
import { DataTable, type Column } from "@/components/ui/data-table";
import { When } from "@/components/ui/when";

export function DriftTable({ group }: { group: DriftGroup }) {
  const t = useTranslations("admin.platformChanges");
  const columns: Column<DriftLine>[] = [
    {
      key: "field",
      header: t("field"),
      title: true,
      cell: (line) =>
        t.rich(line.kind === "unknown" ? "unknownField" : "missingField", {
          path: line.path,
          code: (chunks) => <code className="break-all rounded bg-slate-100 px-1 py-0.5 font-mono">{chunks}</code>,
        }),
    },
    { key: "count", header: t("count"), cell: (line) => t("times", { count: line.count }) },
    { key: "first-seen", header: t("firstSeen"), cell: (line) => <When iso={line.firstSeen} /> },
    { key: "last-seen", header: t("lastSeen"), cell: (line) => <When iso={line.lastSeen} /> },
  ];
  return (
    <DataTable
      label={t("source", { kind: group.sourceKind, source: group.source })}
      columns={columns}
      rows={group.lines}
      rowKey={(line) => `${line.kind} ${line.path}`}
      rowProps={(line) => ({ "data-drift-path": line.path, "data-drift-kind": line.kind })}
      bare
    />
  );
}
