"use client";
// The timeline's rows, newest first, with infinite scroll: a sentinel below the table loads the next
// page when it comes into view (and a button does the same for keyboards and screen readers).
import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import type { Say } from "@/lib/i18n/say";
import type { TimelineEvent } from "@/lib/events/timeline/list";
import { categoryLabel, CATEGORY_COLORS, formatDelay, typeLabel } from "@/components/events/format";
import { DataTable, type Column } from "@/components/ui/data-table";
import { When } from "@/components/ui/when";
import { SummaryLink, summaryText } from "@/components/events/event-summary";

/** A plain click opens the drawer in place; with a modifier or the middle button the browser opens the link. */
const plainClick = (e: React.MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

const COLUMNS = (
  onOpen: (id: string) => void,
  eventHref: (id: string) => string,
  say: Say,
): Column<TimelineEvent>[] => [
  {
    key: "event",
    header: say("events.list.event"),
    title: true,
    className: "font-normal",
    cell: (e) => {
      const text = summaryText(e.summary, say);
      const kind = typeLabel(e.type, say);
      return (
        <span className="flex flex-col items-start gap-0.5">
          <a
            href={eventHref(e.id)}
            className="text-left text-brand-700 underline-offset-2 hover:underline"
            onClick={(click) => {
              if (!plainClick(click)) return;
              click.preventDefault();
              onOpen(e.id);
            }}
            data-testid="event-summary"
          >
            {text}
          </a>
          <span className="flex gap-3">
            {/* The kind of event, unless the summary says nothing more ("Clinic key activated"). */}
            {kind !== text && <span className="text-xs text-slate-600">{kind}</span>}
            <SummaryLink summary={e.summary} />
          </span>
        </span>
      );
    },
  },
  {
    key: "category",
    header: say("events.list.category"),
    cell: (e) => (
      <span className="inline-flex items-center gap-1.5">
        <span
          aria-hidden
          className="inline-block h-2.5 w-2.5 rounded-full"
          style={{ background: CATEGORY_COLORS[e.category] ?? "#999" }}
        />
        {categoryLabel(e.category, say)}
      </span>
    ),
  },
  {
    key: "when",
    header: say("events.list.when"),
    className: "whitespace-nowrap",
    cell: (e) => <When iso={e.createdAt} format={{ show: "date-time-seconds" }} relative />,
  },
  {
    key: "source",
    header: say("events.list.source"),
    cell: (e) => say(e.source === "webhook" ? "events.source.webhook" : "events.source.reconciliation"),
  },
  {
    key: "delay",
    header: say("events.list.delay"),
    className: "whitespace-nowrap",
    cell: (e) => formatDelay(e.delayMs, say),
  },
];

interface Props {
  events: TimelineEvent[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
  onOpen(id: string): void;
  /** The address that opens an event's drawer, for a new tab or a copied link. */
  eventHref(id: string): string;
  /** Whether any filter is set: an empty list then means "nothing matches", not "nothing yet". */
  filtered: boolean;
}

export function EventList({ events, hasMore, loadingMore, onLoadMore, onOpen, eventHref, filtered }: Props) {
  const sentinel = useRef<HTMLDivElement>(null);
  const t = useTranslations("events.list");
  const say = useTranslations();
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !loadingMore) onLoadMore();
      },
      { rootMargin: "400px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, onLoadMore]);

  if (events.length === 0) {
    return (
      <div className="space-y-1 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
        {filtered ? (
          <p>{t("noMatch")}</p>
        ) : (
          <>
            <p className="font-medium text-slate-700">{t("none")}</p>
            <p className="text-sm">{t("noneHint")}</p>
          </>
        )}
      </div>
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <DataTable
        bare
        label={t("label")}
        columns={COLUMNS(onOpen, eventHref, say)}
        rows={events}
        rowKey={(e) => e.id}
        rowProps={(e) => ({ "data-event-id": e.id })}
      />
      <div ref={sentinel} className="flex justify-center border-t border-slate-100 p-3">
        {hasMore ? (
          <button
            type="button"
            onClick={onLoadMore}
            disabled={loadingMore}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-60"
          >
            {loadingMore ? t("loading") : t("loadMore")}
          </button>
        ) : (
          <span className="text-xs text-slate-500">{t("end")}</span>
        )}
      </div>
    </div>
  );
}
