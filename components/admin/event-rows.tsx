// Columns of a table of stored events (the clinic key's events, the gaps reconciliation filled): the
// event as its title, when it was created and when it reached us.
import type { Column } from "@/components/ui/data-table";
import { When } from "@/components/ui/when";

export interface StoredEventRow {
  id: string;
  type: string;
  createdAt: string;
  receivedAt: string;
}

export function storedEventColumns<Row extends StoredEventRow>(receivedHeader: string): Column<Row>[] {
  return [
    {
      key: "event",
      header: "Event",
      title: true,
      className: "font-normal",
      cell: (e) => (
        <>
          <code>{e.type}</code>
          <span className="block font-mono text-xs text-slate-500">{e.id}</span>
        </>
      ),
    },
    { key: "created", header: "Created", cell: (e) => <When iso={e.createdAt} /> },
    { key: "received", header: receivedHeader, cell: (e) => <When iso={e.receivedAt} /> },
  ];
}
