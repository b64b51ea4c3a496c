// One page of the audit trail: when (UTC, said so), who, what, on what, and what changed.
import { When } from "@/components/admin/when";
import { actionLabel, detailsText } from "@/lib/audit/describe";
import type { AuditRow } from "@/lib/audit/query";

export function AuditTable({ rows }: { rows: AuditRow[] }) {
  if (rows.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
        No entries match these filters.
      </p>
    );
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
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
                {r.targetId ? (
                  <>
                    <span className="text-slate-600">{r.targetType?.replaceAll("_", " ")}</span>{" "}
                    <code className="break-all text-xs">{r.targetId}</code>
                  </>
                ) : (
                  <span className="text-slate-500">—</span>
                )}
              </td>
              <td className="max-w-md break-words px-3 py-2 text-slate-700">{detailsText(r.details) || "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
