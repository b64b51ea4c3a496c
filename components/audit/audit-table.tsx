// One page of the audit trail: when (on the clinic's clock, its zone named), who, what, on what, and
// what changed. A table on wide screens; on a phone each entry is a card, as five columns do not fit (the one table's cards).
import { useLocale, useTranslations } from "next-intl";
import { formatTime } from "@/lib/format/time";
import { formatSize } from "@/lib/format/size";
import { timeLocale } from "@/lib/i18n/locales";
import { actionLabel, actorText, detailsText, showsTargetId, targetText, type Speaker } from "@/lib/audit/describe";
import type { AuditRow } from "@/lib/audit/query";
import { DataTable, type Column } from "@/components/ui/data-table";
import { When } from "@/components/ui/when";

/** What an entry is about: its kind, the person or patient named where the app knows them, the id below. */
function Target({ row, say }: { row: AuditRow; say: Speaker }) {
  const patient = row.patientName && row.targetType !== "patient" && (
    <span className="block text-slate-700">{say("audit.table.aboutPatient", { name: row.patientName })}</span>
  );
  if (!row.targetId) return patient || <span className="text-slate-500">—</span>;
  const name = row.targetName ?? (row.targetType === "patient" ? row.patientName : null);
  // The id only where the app knows no name and it is one a person could look up (not the app's own
  // row ids): the CSV export keeps it beside the name.
  return (
    <>
      <span className="text-slate-600">{row.targetType && targetText(say, row.targetType)}</span>{" "}
      {name ? (
        <span className="font-medium text-slate-900">{name}</span>
      ) : (
        showsTargetId(row.targetType) && <code className="block break-all text-xs text-slate-500">{row.targetId}</code>
      )}
      {patient}
    </>
  );
}

const COLUMNS = (say: Speaker, time: (iso: string) => string, size: (bytes: number) => string): Column<AuditRow>[] => [
  { key: "what", header: say("audit.table.what"), title: true, cell: (r) => actionLabel(say, r.action) },
  { key: "when", header: say("audit.table.when"), className: "whitespace-nowrap", cell: (r) => <When iso={r.at} /> },
  { key: "who", header: say("audit.table.who"), cell: (r) => actorText(say, r) },
  { key: "on", header: say("audit.table.on"), cell: (r) => <Target row={r} say={say} /> },
  {
    key: "details",
    header: say("audit.table.details"),
    className: "max-w-md break-words text-slate-700",
    cell: (r) => detailsText(say, r.details, { names: r.names, time, size }) || "—",
  },
];

/** Rendered on the server only: the details' times are written there, on the clinic's clock, once. */
export function AuditTable({ rows, timeZone }: { rows: AuditRow[]; timeZone: string }) {
  const t = useTranslations("audit.table");
  const say = useTranslations();
  const language = useLocale();
  const locale = timeLocale(language);
  const time = (iso: string) => formatTime(iso, { timeZone, ...(locale && { locale }) });
  const size = (bytes: number) => formatSize(bytes, language);
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
      columns={COLUMNS(say, time, size)}
      rows={rows}
      rowKey={(r) => String(r.seq)}
      rowProps={(r) => ({ "data-audit-seq": String(r.seq), "data-audit-action": r.action })}
    />
  );
}
