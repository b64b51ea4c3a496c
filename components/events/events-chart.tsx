// Events per day by category as stacked bars in plain SVG. The picture is one role="img" with a
// summary in its label; the same numbers are in a table below for screen readers and for reading.
import { useLocale, useTranslations } from "next-intl";
import type { EventsPerDay } from "@/lib/events/timeline/chart";
import type { Say } from "@/lib/events/summary-messages";
import { timeLocale } from "@/lib/i18n/locales";
import { categoryLabel, CATEGORY_COLORS } from "@/components/events/format";
import { formatDay } from "@/lib/format/time";
import { DataTable, type Column } from "@/components/ui/data-table";
import { ChartText } from "@/components/ui/chart-text";

type DayRow = { day: string; index: number };

const W = 720;
const H = 180;
const PAD = { left: 32, right: 8, top: 8, bottom: 22 };

export function chartSummary(chart: EventsPerDay, say: Say, locale: string, type?: string): string {
  const total = chart.series.reduce((s, x) => s + x.total, 0);
  const parts = new Intl.ListFormat(locale, { style: "short", type: "unit" }).format(
    chart.series.map((s) => say("events.chart.part", { category: categoryLabel(s.category, say), total: s.total })),
  );
  const day = (d: string) => formatDay(d, { locale: timeLocale(locale) });
  return say("events.chart.summary", {
    typed: type ? "yes" : "no",
    type: type ?? "",
    from: day(chart.from),
    to: day(chart.to),
    total,
    parts,
    hasParts: parts ? "yes" : "no",
  });
}

/** `type`: the type filter the counts follow; `searchActive`: a search narrows the list, not these counts. */
export function EventsChart({
  chart,
  type,
  searchActive = false,
}: {
  chart: EventsPerDay;
  type?: string;
  searchActive?: boolean;
}) {
  const t = useTranslations("events.chart");
  const say = useTranslations();
  const locale = useLocale();
  const day = (d: string) => formatDay(d, { locale: timeLocale(locale) });
  const totals = chart.days.map((_, i) => chart.series.reduce((s, x) => s + x.counts[i], 0));
  const max = Math.max(1, ...totals);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(chart.days.length, 1);
  const bar = Math.max(1, slot * 0.75);
  const y = (n: number) => (n / max) * plotH;
  const labelEvery = Math.ceil(chart.days.length / 8);
  return (
    <figure className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <figcaption className="text-sm font-medium text-slate-700">
        {type
          ? t.rich("titleOfType", {
              type,
              muted: (chunks) => <span className="font-normal text-slate-600">{chunks}</span>,
              code: (chunks) => <code>{chunks}</code>,
            })
          : t("title")}
      </figcaption>
      {searchActive && <p className="text-xs text-slate-600">{t("searchNote")}</p>}
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full"
        role="img"
        aria-label={chartSummary(chart, say, locale, type)}
      >
        <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} className="stroke-slate-300" />
        <ChartText x={PAD.left - 4} y={PAD.top + 8} anchor="end">
          {max}
        </ChartText>
        <ChartText x={PAD.left - 4} y={PAD.top + plotH} anchor="end">
          0
        </ChartText>
        {chart.days.map((d, i) => {
          let base = PAD.top + plotH;
          const x = PAD.left + i * slot + (slot - bar) / 2;
          return (
            <g key={d}>
              {chart.series.map((s) => {
                const h = y(s.counts[i]);
                base -= h;
                return h > 0 ? (
                  <rect
                    key={s.category}
                    x={x}
                    y={base}
                    width={bar}
                    height={h}
                    fill={CATEGORY_COLORS[s.category] ?? "#999"}
                  />
                ) : null;
              })}
              {i % labelEvery === 0 && (
                <ChartText x={x + bar / 2} y={H - 6} anchor="middle">
                  {day(d)}
                </ChartText>
              )}
            </g>
          );
        })}
      </svg>
      <ul className="flex flex-wrap gap-3 text-xs text-slate-700" aria-label={t("legend")}>
        {chart.series.map((s) => (
          <li key={s.category} className="inline-flex items-center gap-1.5">
            <span
              aria-hidden
              className="inline-block h-2.5 w-2.5 rounded-sm"
              style={{ background: CATEGORY_COLORS[s.category] ?? "#999" }}
            />
            {t("legendItem", { category: categoryLabel(s.category, say), total: s.total })}
          </li>
        ))}
        {chart.series.length === 0 && <li>{t("empty")}</li>}
      </ul>
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-600">{t("showTable")}</summary>
        <div className="mt-2 max-h-64 overflow-auto" tabIndex={0} role="region" aria-label={t("tableRegion")}>
          <DataTable
            bare
            density="compact"
            label={t("tableLabel")}
            columns={[
              { key: "day", header: t("day"), title: true, className: "font-normal", cell: (r) => r.day },
              ...chart.series.map((s): Column<DayRow> => ({
                key: s.category,
                header: categoryLabel(s.category, say),
                cell: (r) => s.counts[r.index],
              })),
              { key: "total", header: t("total"), cell: (r) => totals[r.index] },
            ]}
            rows={chart.days.map((day, index) => ({ day, index }))}
            rowKey={(d) => d.day}
          />
        </div>
      </details>
    </figure>
  );
}
