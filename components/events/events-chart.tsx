"use client";
// Events per day by category as stacked bars in plain SVG, filling the page's width with its text at
// the page's size on a desk and on a phone (the day labels thinned to the width measured). Hovering a
// day shows its counts; clicking it narrows the timeline to that day. The picture is one role="img"
// with a summary in its label; the same numbers are in a table below, each day a button, for
// keyboards and screen readers.
import { useEffect, useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { EventsPerDay } from "@/lib/events/timeline/chart";
import type { Say } from "@/lib/i18n/say";
import { timeLocale } from "@/lib/i18n/locales";
import { categoryLabel, CATEGORY_COLORS, typeLabel } from "@/components/events/format";
import { formatDay } from "@/lib/format/time";
import { DataTable, type Column } from "@/components/ui/data-table";
import { StackedBars } from "@/components/ui/stacked-bars";

type DayRow = { day: string; index: number };

/** The width the day labels are thinned for until the page is measured (the server's render, the first paint). */
const FIRST_WIDTH = 720;
const H = 120;
const PAD = { left: 36, right: 8, top: 8, bottom: 20 };
/** About how far apart day labels may sit, in pixels. */
const LABEL_SPACING = 72;

export function chartSummary(chart: EventsPerDay, say: Say, locale: string, type?: string): string {
  const total = chart.series.reduce((s, x) => s + x.total, 0);
  const parts = new Intl.ListFormat(locale, { style: "short", type: "unit" }).format(
    chart.series.map((s) => say("events.chart.part", { category: categoryLabel(s.category, say), total: s.total })),
  );
  const day = (d: string) => formatDay(d, { locale: timeLocale(locale) });
  return say("events.chart.summary", {
    typed: type ? "yes" : "no",
    type: type ? typeLabel(type, say) : "",
    from: day(chart.from),
    to: day(chart.to),
    total,
    parts,
    hasParts: parts ? "yes" : "no",
  });
}

/** The width of the element `ref` points at, kept current as it resizes. */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(FIRST_WIDTH);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(160, Math.round(entry.contentRect.width))));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * `type`: the type filter the counts follow; `searchActive`: a search narrows the list, not these
 * counts; `onPickDay`: the timeline narrowed to one day (a bar clicked, or its row's button).
 */
export function EventsChart({
  chart,
  type,
  searchActive = false,
  onPickDay,
}: {
  chart: EventsPerDay;
  type?: string;
  searchActive?: boolean;
  onPickDay?(day: string): void;
}) {
  const t = useTranslations("events.chart");
  const say = useTranslations();
  const locale = useLocale();
  const frame = useRef<HTMLDivElement>(null);
  const W = useWidth(frame);
  const [hover, setHover] = useState<number | null>(null);
  const [tableOpen, setTableOpen] = useState(false);
  const tableDetails = useRef<HTMLDetailsElement>(null);
  // Opened before the script ran (a quick tap on a slow phone): its toggle was missed, its state is not.
  useEffect(() => setTableOpen(Boolean(tableDetails.current?.open)), []);
  const day = (d: string) => formatDay(d, { locale: timeLocale(locale) });
  const totals = chart.days.map((_, i) => chart.series.reduce((s, x) => s + x.counts[i], 0));
  const plotW = W - PAD.left - PAD.right;
  const slot = plotW / Math.max(chart.days.length, 1);
  const labelEvery = Math.max(1, Math.ceil(chart.days.length / Math.max(1, Math.floor(plotW / LABEL_SPACING))));
  const tipLeft = hover === null ? 0 : Math.min(Math.max(PAD.left + hover * slot + slot / 2, 90), W - 90);
  return (
    <figure className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm font-medium text-slate-700">
        <span>
          {type
            ? t.rich("titleOfType", {
                type: typeLabel(type, say),
                muted: (chunks) => <span className="font-normal text-slate-600">{chunks}</span>,
              })
            : t("title")}
        </span>
        <ul className="flex flex-wrap gap-3 text-xs font-normal text-slate-700" aria-label={t("legend")}>
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
      </figcaption>
      {searchActive && <p className="text-xs text-slate-600">{t("searchNote")}</p>}
      <div ref={frame} className="relative" onMouseLeave={() => setHover(null)}>
        <StackedBars
          bars={chart.days}
          parts={chart.series.map((s) => ({
            key: s.category,
            color: CATEGORY_COLORS[s.category] ?? "#999",
            counts: s.counts,
          }))}
          height={H}
          padding={PAD}
          fill={0.75}
          textSize="page"
          label={chartSummary(chart, say, locale, type)}
          barLabel={(i) => day(chart.days[i]!)}
          labelEvery={labelEvery}
          hover={hover}
          onHover={setHover}
          onPick={onPickDay ? (i) => onPickDay(chart.days[i]!) : undefined}
        />
        {hover !== null && (
          <div
            aria-hidden
            className="pointer-events-none absolute top-0 z-10 w-44 -translate-x-1/2 rounded-md border border-slate-200 bg-white p-2 text-xs shadow-lg"
            style={{ left: tipLeft }}
            data-testid="chart-tooltip"
          >
            <p className="font-medium text-slate-900">
              {t("tooltipDay", { day: day(chart.days[hover]), total: totals[hover] })}
            </p>
            <ul className="mt-1 space-y-0.5 text-slate-700">
              {chart.series
                .filter((s) => s.counts[hover] > 0)
                .map((s) => (
                  <li key={s.category} className="flex items-center gap-1.5">
                    <span
                      className="inline-block h-2 w-2 rounded-sm"
                      style={{ background: CATEGORY_COLORS[s.category] ?? "#999" }}
                    />
                    {t("legendItem", { category: categoryLabel(s.category, say), total: s.counts[hover] })}
                  </li>
                ))}
            </ul>
            {onPickDay && <p className="mt-1 text-slate-500">{t("pickHint")}</p>}
          </div>
        )}
      </div>
      {/* The table's rows (a day each, a button each) are rendered once it is opened: closed, they were
          most of the chart's work on a phone's first load, for nobody to see. */}
      <details ref={tableDetails} className="text-sm" onToggle={(e) => setTableOpen(e.currentTarget.open)}>
        <summary className="cursor-pointer text-slate-600">{t("showTable")}</summary>
        {tableOpen && (
          <div className="mt-2 max-h-64 overflow-auto" tabIndex={0} role="region" aria-label={t("tableRegion")}>
            <DataTable
              bare
              density="compact"
              label={t("tableLabel")}
              columns={[
                {
                  key: "day",
                  header: t("day"),
                  title: true,
                  className: "font-normal",
                  cell: (r) =>
                    onPickDay ? (
                      <button
                        type="button"
                        className="text-brand-700 underline-offset-2 hover:underline"
                        aria-label={t("pickDay", { day: day(r.day) })}
                        onClick={() => onPickDay(r.day)}
                      >
                        {day(r.day)}
                      </button>
                    ) : (
                      day(r.day)
                    ),
                },
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
        )}
      </details>
    </figure>
  );
}
