// One page of the platform's delivery log: each row is one attempt at delivering one event.
import type { DeliveryRow } from "@/lib/admin/webhooks";
import { eventColumn } from "@/components/admin/event-rows";
import { StatusBadge } from "@/components/admin/status-badge";
import { DataTable, type Column } from "@/components/ui/data-table";
import { When } from "@/components/ui/when";

const COLUMNS: Column<DeliveryRow>[] = [
  eventColumn((d) => ({ type: d.event_type, id: d.event_id })),
  { key: "attempted", header: "Attempted", cell: (d) => <When iso={d.attempted_at} /> },
  { key: "attempt", header: "Attempt", cell: (d) => `${d.attempt} of 6` },
  {
    key: "outcome",
    header: "Outcome",
    cell: (d) => (
      <>
        <StatusBadge
          state={d.successfully_delivered ? "succeeded" : "failed"}
          label={d.successfully_delivered ? "Delivered" : "Failed"}
        />
        {d.error && <span className="block text-xs text-red-700">{d.error}</span>}
      </>
    ),
  },
  { key: "http", header: "HTTP", cell: (d) => d.status_code ?? "—" },
  { key: "took", header: "Took", cell: (d) => `${d.duration_ms} ms` },
  { key: "next-attempt", header: "Next attempt", cell: (d) => <When iso={d.next_attempt_at} empty="None" /> },
];

export function DeliveriesTable({ rows }: { rows: DeliveryRow[] }) {
  if (rows.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
        No delivery attempts match these filters.
      </p>
    );
  return (
    <DataTable
      label="Webhook deliveries"
      columns={COLUMNS}
      rows={rows}
      rowKey={(d) => d.id}
      rowProps={(d) => ({ "data-delivery-event": d.event_id, "data-attempted-at": d.attempted_at })}
    />
  );
}
