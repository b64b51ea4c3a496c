// Columns of tables of events: the event as the row's title (the delivery log, failed deliveries,
// the clinic key's events, the gaps reconciliation filled), and when a stored one was created and
// when it reached us.
import type { Column } from "@/components/ui/data-table";
import { When } from "@/components/ui/when";
import type { Say } from "@/lib/i18n/say";
import { typeLabel } from "@/components/events/format";

export interface StoredEventRow {
  id: string;
  type: string;
  createdAt: string;
  receivedAt: string;
}

/** An event as a row's title: its type in words, and its id below (for support). */
export function EventLabel({ type, id, say }: { type: string | null | undefined; id: string; say: Say }) {
  return (
    <>
      {type && typeLabel(type, say)}
      <span className="block font-mono text-xs text-slate-500">{id}</span>
    </>
  );
}

/** The title column of a table of events, whatever the row calls its type and id. */
export function eventColumn<Row>(
  label: (row: Row) => { type: string | null | undefined; id: string },
  say: Say,
): Column<Row> {
  return {
    key: "event",
    header: say("admin.events.event"),
    title: true,
    className: "font-normal",
    cell: (row) => <EventLabel {...label(row)} say={say} />,
  };
}

export function storedEventColumns<Row extends StoredEventRow>(receivedHeader: string, say: Say): Column<Row>[] {
  return [
    eventColumn((e) => e, say),
    { key: "created", header: say("admin.events.created"), cell: (e) => <When iso={e.createdAt} /> },
    { key: "received", header: receivedHeader, cell: (e) => <When iso={e.receivedAt} /> },
  ];
}
