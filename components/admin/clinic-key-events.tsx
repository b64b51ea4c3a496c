// The clinic key's latest events (activated, revoked…), and whether each came by webhook.
import { useTranslations } from "next-intl";
import type { ClinicKeyEventView } from "@/lib/admin/clinic-key";
import type { Say } from "@/lib/i18n/say";
import { storedEventColumns } from "@/components/admin/event-rows";
import { DataTable, type Column } from "@/components/ui/data-table";

const COLUMNS = (say: Say): Column<ClinicKeyEventView>[] => [
  ...storedEventColumns<ClinicKeyEventView>(say("admin.events.received"), say),
  {
    key: "source",
    header: say("admin.events.arrivedBy"),
    cell: (e) => say(e.source === "webhook" ? "events.source.webhook" : "events.source.reconciliation"),
  },
];

export function ClinicKeyEvents({ events }: { events: ClinicKeyEventView[] }) {
  const say = useTranslations();
  return (
    <DataTable label={say("admin.events.latestKeyEvents")} columns={COLUMNS(say)} rows={events} rowKey={(e) => e.id} />
  );
}
