"use client";
// The timeline page's client part: filters (kept in the URL so a view can be shared, and Back undoes
// one), the chart, the live list with infinite scroll, and the detail drawer (its event in the URL
// too, `?event=`, so a link to one event can be sent to a colleague or opened in a new tab).
import { useCallback, useId, useMemo } from "react";
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { timeLocale } from "@/lib/i18n/locales";
import type { EventsPerDay } from "@/lib/events/timeline/chart";
import { isFiltered, type TimelineFilters } from "@/lib/events/timeline/filter-values";
import type { TimelinePage } from "@/lib/events/timeline/list";
import { EventList } from "@/components/events/event-list";
import { EventsChart } from "@/components/events/events-chart";
import { TimelineFiltersBar } from "@/components/events/timeline-filters";
import { useEventsChart, useLiveUpdates, useTimelineList } from "@/components/events/use-timeline";
import { timelineSearch, useTimelineAddress } from "@/components/events/use-timeline-address";
import { ErrorState } from "@/components/ui/states";
import { formatTime } from "@/lib/format/time";
import { useClinicTimeZone } from "@/components/ui/time-zone";
import { shownError } from "@/lib/results/client";

/**
 * The drawer's script (its records' labels, the copy button) is fetched when an event is first
 * opened, not with the page: most visits open none. A shared link to an event renders it on the
 * server as before, its script loaded with the page's.
 */
const EventDrawer = dynamic(() => import("@/components/events/event-drawer").then((m) => m.EventDrawer), {
  loading: () => null,
});

interface Props {
  initialFilters: TimelineFilters;
  initialPage: TimelinePage;
  initialChart: EventsPerDay;
  /** The live head as of the server render (see useLiveUpdates). */
  initialHead: string;
  /** The clinic's connection (lib/connection): "Live" only when the platform can send anything. */
  connection: "setting-up" | "broken" | "connected";
  /** The event a shared link opens (`?event=`), its drawer open from the start. */
  initialOpenId?: string | null;
}

export function EventTimeline({
  initialFilters,
  initialPage,
  initialChart,
  initialHead,
  connection,
  initialOpenId = null,
}: Props) {
  const t = useTranslations("events.timeline");
  const intlLocale = useLocale();
  const { filters, openId, setFilters, open, close } = useTimelineAddress(initialFilters, initialOpenId);
  const timeZone = useClinicTimeZone();
  const sortId = useId();
  const isInitial = filters === initialFilters;
  const list = useTimelineList(filters, isInitial ? initialPage : undefined);
  const chart = useEventsChart(filters, isInitial ? initialChart : undefined);
  const live = useLiveUpdates(initialHead);

  const events = useMemo(() => list.data?.pages.flatMap((p) => p.events) ?? [], [list.data]);
  const loadMore = useCallback(() => void list.fetchNextPage(), [list]);
  const pickDay = useCallback((day: string) => setFilters({ ...filters, date: day }), [filters, setFilters]);
  const eventHref = useCallback((id: string) => `/events${timelineSearch(filters, id)}`, [filters]);
  const retryList = () => void (list.isFetchNextPageError ? list.fetchNextPage() : list.refetch());
  const locale = timeLocale(intlLocale);
  // A failed load says so in plain words; the reason (a network error, a server error) is not
  // something the reader can act on beyond trying again.
  const TRY_AGAIN = { message: t("tryAgain") };
  const listErrorTitle = list.isFetchNextPageError ? t("moreFailed") : list.data ? t("updateFailed") : t("loadFailed");
  // A refusal the reader can act on (a search too broad or too short, too many running at once) is
  // said as the server said it: trying again unchanged would not help.
  const refusal = list.isError ? shownError(list.error) : null;
  const listError =
    refusal && (refusal.code === "refused" || refusal.code === "busy" || refusal.code === "invalid")
      ? { message: refusal.errors.q?.[0] ?? refusal.message }
      : TRY_AGAIN;

  return (
    <div className="space-y-4">
      <TimelineFiltersBar value={filters} onChange={setFilters} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" aria-live="polite" className="flex items-center gap-2 text-xs text-slate-600">
          <span
            aria-hidden
            className={`inline-block h-2 w-2 rounded-full ${
              connection === "broken"
                ? "bg-red-500"
                : connection === "setting-up" || live.error
                  ? "bg-amber-500"
                  : "bg-emerald-500"
            }`}
          />
          {connection !== "connected"
            ? t(`notLive.${connection}`)
            : live.error
              ? t("livePaused")
              : live.updatedAt
                ? t("liveAt", {
                    time: formatTime(live.updatedAt, { show: "time-seconds", timeZone, ...(locale && { locale }) }),
                  })
                : t("live")}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <span className="flex items-center gap-2 text-sm font-medium text-slate-700">
            {/* A label pointing at the select by id: one wrapped around it would fold the options into its name. */}
            <label htmlFor={sortId}>{t("sort")}</label>
            <select
              id={sortId}
              className="rounded-md border border-slate-300 px-2 py-1.5 text-sm"
              value={filters.sort ?? "newest"}
              onChange={(e) => setFilters({ ...filters, sort: e.target.value === "oldest" ? "oldest" : undefined })}
            >
              <option value="newest">{t("newest")}</option>
              <option value="oldest">{t("oldest")}</option>
            </select>
          </span>
          <a
            href={`/api/events/export${timelineSearch(filters)}`}
            download
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-slate-50"
          >
            {t("export")}
          </a>
        </div>
      </div>
      {chart.data && (
        <EventsChart chart={chart.data} type={filters.type} searchActive={Boolean(filters.q)} onPickDay={pickDay} />
      )}
      {chart.isError && (
        <ErrorState
          title={chart.data ? t("chartUpdateFailed") : t("chartLoadFailed")}
          error={chart.data ? { message: t("chartStale") } : TRY_AGAIN}
          onRetry={() => void chart.refetch()}
        />
      )}
      {list.isError && <ErrorState title={listErrorTitle} error={listError} onRetry={retryList} />}
      {list.isPending && <p className="text-slate-600">{t("loading")}</p>}
      {/* Without data (a failed first load) there is no list: "no events match" would be untrue. */}
      {list.data && (
        <EventList
          events={events}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={loadMore}
          onOpen={open}
          eventHref={eventHref}
          filtered={isFiltered(filters)}
        />
      )}
      {openId && <EventDrawer id={openId} onClose={close} />}
    </div>
  );
}
