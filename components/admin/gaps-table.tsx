// Gaps: events that webhooks never brought and reconciliation found in the platform's event lists.
import type { GapEvent, WebhookHealth } from "@/lib/admin/webhooks";
import { storedEventColumns } from "@/components/admin/event-rows";
import { DataTable } from "@/components/ui/data-table";

export function GapsTable({ health }: { health: WebhookHealth }) {
  return (
    <section aria-labelledby="gaps" className="space-y-2">
      <h3 id="gaps" className="font-semibold">
        Gaps filled by reconciliation
      </h3>
      <p className="text-sm text-slate-600">
        {health.gapsTotal === 0
          ? "Every stored event arrived by webhook."
          : `${health.gapsTotal} event${health.gapsTotal === 1 ? "" : "s"} arrived only by reconciliation (${health.gapsLast7Days} in the last 7 days). A few are normal; many mean deliveries are failing.`}
      </p>
      {health.recentGaps.length > 0 && (
        <DataTable
          label="Events that arrived only by reconciliation (the 20 newest)"
          columns={storedEventColumns<GapEvent>("Found")}
          rows={health.recentGaps}
          rowKey={(e) => e.id}
          rowProps={(e) => ({ "data-gap-event": e.id })}
        />
      )}
    </section>
  );
}
