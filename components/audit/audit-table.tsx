// One page of the audit trail: when (on the clinic's clock, its zone named), who, what, on what, and
// what changed. A table on wide screens; on a phone each entry is a card, as five columns do not fit (the one table's cards).
import { useTranslations } from "next-intl";
import { actionLabel, detailsText } from "@/lib/audit/describe";
import type { Say } from "@/lib/events/summary-messages";
import type { AuditRow } from "@/lib/audit/query";
import { DataTable, type Column } from "@/components/ui/data-table";
import { When } from "@/components/ui/when";

function Target({ row }: { row: AuditRow }) {
  if (!row.targetId) return <span className="text-slate-500">—</span>;
  return (
    <>
      <span className="text-slate-600">{row.targetType?.replaceAll("_", " ")}</span>{" "}
      <code className="break-all text-xs">{row.targetId}</code>
    </>
  );
}

const COLUMNS = (t: Say): Column<AuditRow>[] => [
  { key: "what", header: t("what"), title: true, cell: (r) => actionLabel(r.action) },
  { key: "when", header: t("when"), className: "whitespace-nowrap", cell: (r) => <When iso={r.at} /> },
  { key: "who", header: t("who"), cell: (r) => r.actorLabel },
  { key: "on", header: t("on"), cell: (r) => <Target row={r} /> },
  {
    key: "details",
    header: t("details"),
    className: "max-w-md break-words text-slate-700",
    cell: (r) => detailsText(r.details) || "—",
  },
];

export function AuditTable({ rows }: { rows: AuditRow[] }) {
  const t = useTranslations("audit.table");
  if (rows.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
        {t("noMatch")}
      </p>
    );
  return (
    <DataTable
      cards
      label={t("label")}
      columns={COLUMNS(t)}
      rows={rows}
      rowKey={(r) => String(r.seq)}
      rowProps={(r) => ({ "data-audit-seq": String(r.seq), "data-audit-action": r.action })}
    />
  );
}
