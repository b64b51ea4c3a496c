"use client";
// The timeline's rows, newest first, with infinite scroll: a sentinel below the table loads the next
// page when it comes into view (and a button does the same for keyboards and screen readers).
import { useEffect, useRef } from "react";
import type { TimelineEvent } from "@/lib/events/timeline/list";
import { categoryLabel, CATEGORY_COLORS, formatDelay } from "@/components/events/format";
import { DataTable, type Column } from "@/components/ui/data-table";
import { When } from "@/components/ui/when";
import { SummaryLink, summaryText } from "@/components/events/event-summary";

const COLUMNS = (onOpen: (id: string) => void): Column<TimelineEvent>[] => [
  {
    key: "event",
    header: "Event",
    title: true,
    className: "font-normal",
    cell: (e) => (
      <span className="flex flex-col items-start gap-0.5">
        <button
          type="button"
          className="text-left text-brand-700 underline-offset-2 hover:underline"
          onClick={() => onOpen(e.id)}
          data-testid="event-summary"
        >
          {summaryText(e.summary)}
        </button>
        <span className="flex gap-3">
          <span className="font-mono text-xs text-slate-500">{e.type}</span>
          <SummaryLink summary={e.summary} />
        </span>
      </span>
    ),
  },
  {
    key: "category",
    header: "Category",
    cell: (e) => (
      <span className="inline-flex items-center gap-1.5">
        <span
          aria-hidden
          className="inline-block h-2.5 w-2.5 rounded-full"
          style={{ background: CATEGORY_COLORS[e.category] ?? "#999" }}
        />
        {categoryLabel(e.category)}
      </span>
    ),
  },
  {
    key: "when",
    header: "When",
    className: "whitespace-nowrap",
    cell: (e) => <When iso={e.createdAt} format={{ show: "date-time-seconds" }} />,
  },
  { key: "source", header: "Source", cell: (e) => (e.source === "webhook" ? "Webhook" : "Reconciliation") },
  { key: "delay", header: "Delay", className: "whitespace-nowrap", cell: (e) => formatDelay(e.delayMs) },
];

interface Props {
  events: TimelineEvent[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
  onOpen(id: string): void;
  /** Whether any filter is set: an empty list then means "nothing matches", not "nothing yet". */
  filtered: boolean;
}

export function EventList({ events, hasMore, loadingMore, onLoadMore, onOpen, filtered }: Props) {
  const sentinel = useRef<HTMLDivElement>(null);
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
          <p>No events match these filters yet.</p>
        ) : (
          <>
            <p className="font-medium text-slate-700">No events yet.</p>
            <p className="text-sm">
              They arrive here as they happen once an admin has entered the clinic key (Admin → Clinic key), and a
              reconciliation brings in the platform&apos;s last 30 days.
            </p>
          </>
        )}
      </div>
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <DataTable
        bare
        label="Events"
        columns={COLUMNS(onOpen)}
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
            {loadingMore ? "Loading…" : "Load more"}
          </button>
        ) : (
          <span className="text-xs text-slate-500">End of history</span>
        )}
      </div>
    </div>
  );
}
