// The clinic key's latest events (activated, revoked…), and whether each came by webhook.
import type { ClinicKeyEventView } from "@/lib/admin/clinic-key";
import { storedEventColumns } from "@/components/admin/event-rows";
import { DataTable, type Column } from "@/components/ui/data-table";

const COLUMNS: Column<ClinicKeyEventView>[] = [
  ...storedEventColumns<ClinicKeyEventView>("Received"),
  { key: "source", header: "Arrived by", cell: (e) => (e.source === "webhook" ? "Webhook" : "Reconciliation") },
];

export function ClinicKeyEvents({ events }: { events: ClinicKeyEventView[] }) {
  return <DataTable label="Latest clinic key events" columns={COLUMNS} rows={events} rowKey={(e) => e.id} />;
}
