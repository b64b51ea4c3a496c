// Delivery success per day as stacked bars (delivered below, failed above; components/ui/
// stacked-bars.tsx). The picture's label sums it up; every bar has a <title>, and the same numbers are
// in a table, so nothing depends on seeing colour.
import { useLocale, useTranslations } from "next-intl";
import { formatDay } from "@/lib/format/time";
import { timeLocale } from "@/lib/i18n/locales";
import { successRate, type DeliveryChart } from "@/lib/admin/delivery-chart";
import type { Say } from "@/lib/i18n/say";
import { DataTable, type Column } from "@/components/ui/data-table";
import { StackedBars } from "@/components/ui/stacked-bars";

const W = 720;
const H = 180;
const PAD = { left: 32, right: 8, top: 8, bottom: 22 };
// Okabe–Ito bluish green and vermillion: distinguishable with common colour-vision deficiencies.
const DELIVERED = "#009E73";
const FAILED = "#D55E00";

const DAY_COLUMNS = (t: Say): Column<DeliveryChart["days"][number]>[] => [
  { key: "day", header: t("day"), title: true, className: "font-normal", cell: (d) => d.day },
  { key: "delivered", header: t("delivered"), cell: (d) => d.delivered },
  { key: "failed", header: t("failed"), cell: (d) => d.failed },
  { key: "success", header: t("success"), cell: successRate },
];

/** "22 Nov" in English, "22 nov." in French: a day of the chart in the reader's language. */
const dayIn = (locale: string) => (day: string) => formatDay(day, { locale: timeLocale(locale) });

export function deliveryChartSummary(chart: DeliveryChart, t: Say, locale: string): string {
  const day = dayIn(locale);
  const delivered = chart.days.reduce((s, d) => s + d.delivered, 0);
  const failed = chart.days.reduce((s, d) => s + d.failed, 0);
  const rate = successRate({ delivered, failed });
  return t("summary", {
    from: day(chart.from),
    to: day(chart.to),
    delivered,
    failed,
    rate,
    hasRate: rate === "—" ? "no" : "yes",
  });
}

export function DeliveryChartView({ chart }: { chart: DeliveryChart }) {
  const t = useTranslations("admin.deliveryChart");
  const locale = useLocale();
  const day = dayIn(locale);
  const labelEvery = Math.ceil(chart.days.length / 7);
  return (
    <figure className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <figcaption className="text-sm font-medium text-slate-700">{t("title")}</figcaption>
      <StackedBars
        bars={chart.days.map((d) => d.day)}
        parts={[
          { key: "delivered", color: DELIVERED, counts: chart.days.map((d) => d.delivered) },
          { key: "failed", color: FAILED, counts: chart.days.map((d) => d.failed) },
        ]}
        width={W}
        height={H}
        padding={PAD}
        label={deliveryChartSummary(chart, t, locale)}
        barLabel={(i) => day(chart.days[i]!.day)}
        labelEvery={labelEvery}
        barTitle={(i) => {
          const d = chart.days[i]!;
          return t("bar", { day: day(d.day), delivered: d.delivered, failed: d.failed, rate: successRate(d) });
        }}
      />
      <ul className="flex flex-wrap gap-4 text-xs text-slate-700" aria-label={t("legend")}>
        <li className="inline-flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: DELIVERED }} />
          {t("delivered")}
        </li>
        <li className="inline-flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: FAILED }} />
          {t("failed")}
        </li>
      </ul>
      {chart.truncated && <p className="text-xs text-amber-800">{t("truncated")}</p>}
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-600">{t("showTable")}</summary>
        <div className="mt-2">
          <DataTable
            bare
            density="compact"
            label={t("tableLabel")}
            columns={DAY_COLUMNS(t)}
            rows={chart.days}
            rowKey={(d) => d.day}
          />
        </div>
      </details>
    </figure>
  );
}
