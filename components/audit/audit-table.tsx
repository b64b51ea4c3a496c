// One page of the audit trail: when (UTC, said so), who, what, on what, and what changed. A table on
// wide screens; on a phone each entry is a card, as five columns do not fit.
import { When } from "@/components/admin/when";
import { actionLabel, detailsText } from "@/lib/audit/describe";
import type { AuditRow } from "@/lib/audit/query";

function Target({ row }: { row: AuditRow }) {
  if (!row.targetId) return <span className="text-slate-500">—</span>;
  return (
    <>
      <span className="text-slate-600">{row.targetType?.replaceAll("_", " ")}</span>{" "}
      <code className="break-all text-xs">{row.targetId}</code>
    </>
  );
}

function EntryCards({ rows }: { rows: AuditRow[] }) {
  return (
    <ol aria-label="Audit trail entries" className="space-y-2 md:hidden">
      {rows.map((r) => (
        <li key={r.seq} className="space-y-1 rounded-lg border border-slate-200 bg-white p-3 text-sm">
          <p className="font-medium">{actionLabel(r.action)}</p>
          <p className="text-slate-700">
            {r.actorLabel} · <When iso={r.at} />
          </p>
          {r.targetId && (
            <p>
              <Target row={r} />
            </p>
          )}
          {detailsText(r.details) && <p className="break-words text-slate-600">{detailsText(r.details)}</p>}
        </li>
      ))}
    </ol>
  );
}

export function AuditTable({ rows }: { rows: AuditRow[] }) {
  if (rows.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
        No entries match these filters.
      </p>
    );
  return (
    <>
      <EntryCards rows={rows} />
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white md:block">
        <table className="w-full text-left text-sm" aria-label="Audit trail">
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                When
              </th>
              <th scope="col" className="px-3 py-2">
                Who
              </th>
              <th scope="col" className="px-3 py-2">
                What
              </th>
              <th scope="col" className="px-3 py-2">
                On
              </th>
              <th scope="col" className="px-3 py-2">
                Details
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr key={r.seq} data-audit-seq={r.seq} data-audit-action={r.action} className="align-top">
                <td className="whitespace-nowrap px-3 py-2">
                  <When iso={r.at} />
                </td>
                <td className="px-3 py-2">{r.actorLabel}</td>
                <td className="px-3 py-2">{actionLabel(r.action)}</td>
                <td className="px-3 py-2">
                  <Target row={r} />
                </td>
                <td className="max-w-md break-words px-3 py-2 text-slate-700">{detailsText(r.details) || "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
