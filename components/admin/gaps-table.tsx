// Gaps: events that webhooks never brought and reconciliation found in the platform's event lists.
import { useTranslations } from "next-intl";
import type { GapEvent, WebhookHealth } from "@/lib/admin/webhooks";
import { storedEventColumns } from "@/components/admin/event-rows";
import { DataTable } from "@/components/ui/data-table";

export function GapsTable({ health }: { health: WebhookHealth }) {
  const t = useTranslations("admin.gaps");
  const say = useTranslations();
  return (
    <section aria-labelledby="gaps" className="space-y-2">
      <h3 id="gaps" className="font-semibold">
        {t("title")}
      </h3>
      <p className="text-sm text-slate-600">{t("summary", { total: health.gapsTotal, week: health.gapsLast7Days })}</p>
      {health.recentGaps.length > 0 && (
        <DataTable
          label={t("label")}
          columns={storedEventColumns<GapEvent>(t("found"), say)}
          rows={health.recentGaps}
          rowKey={(e) => e.id}
          rowProps={(e) => ({ "data-gap-event": e.id })}
        />
      )}
    </section>
  );
}
