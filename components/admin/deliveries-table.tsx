// One page of the platform's delivery log: each row is one attempt at delivering one event.
import type { DeliveryRow } from "@/lib/admin/webhooks";
import { StatusBadge } from "@/components/admin/status-badge";
import { When } from "@/components/admin/when";

export function DeliveriesTable({ rows }: { rows: DeliveryRow[] }) {
  if (rows.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
        No delivery attempts match these filters.
      </p>
    );
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" aria-label="Webhook deliveries">
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">
              Attempted
            </th>
            <th scope="col" className="px-3 py-2">
              Event
            </th>
            <th scope="col" className="px-3 py-2">
              Attempt
            </th>
            <th scope="col" className="px-3 py-2">
              Outcome
            </th>
            <th scope="col" className="px-3 py-2">
              HTTP
            </th>
            <th scope="col" className="px-3 py-2">
              Took
            </th>
            <th scope="col" className="px-3 py-2">
              Next attempt
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <tr
              key={d.id}
              data-delivery-event={d.event_id}
              data-attempted-at={d.attempted_at}
              className="border-t border-slate-100 align-top"
            >
              <td className="px-3 py-2">
                <When iso={d.attempted_at} />
              </td>
              <td className="px-3 py-2">
                <code>{d.event_type}</code>
                <span className="block font-mono text-xs text-slate-500">{d.event_id}</span>
              </td>
              <td className="px-3 py-2">{d.attempt} of 6</td>
              <td className="px-3 py-2">
                <StatusBadge
                  state={d.successfully_delivered ? "succeeded" : "failed"}
                  label={d.successfully_delivered ? "Delivered" : "Failed"}
                />
                {d.error && <span className="block text-xs text-red-700">{d.error}</span>}
              </td>
              <td className="px-3 py-2">{d.status_code ?? "—"}</td>
              <td className="px-3 py-2">{d.duration_ms} ms</td>
              <td className="px-3 py-2">
                <When iso={d.next_attempt_at} empty="None" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
