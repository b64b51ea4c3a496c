"use client";
// The timeline's queries: pages of events (infinite), the chart, one event's detail, and the live
// "head" the page polls; when the head moves, the list and the chart are refetched. All of them are
// GET routes (app/api/events), not server actions: a page runs its server actions one at a time,
// and a poll must not wait behind a person's edit (nor hold one up).
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { getResult } from "@/lib/results/client";
import type { EventsPerDay } from "@/lib/events/timeline/chart";
import type { TimelineFilters } from "@/lib/events/timeline/filters";
import type { TimelineEventDetail, TimelinePage } from "@/lib/events/timeline/list";

/**
 * How often an open timeline asks whether anything new arrived: one indexed read of the clinic's
 * newest arrival (GET /api/events/head), and only while the tab is visible. A new event is readable
 * moments after the platform sends it, so the poll's interval is most of the wait before its row
 * shows; the goal is under 2 s from the send to the row (BENCHMARKS.md, "Time to a new event").
 */
export const LIVE_POLL_MS = 1000;

export function useTimelineList(filters: TimelineFilters, initial?: TimelinePage) {
  return useInfiniteQuery({
    queryKey: ["events", "list", filters],
    queryFn: ({ pageParam }) => getResult<TimelinePage>("/api/events", { ...filters, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    initialData: initial ? { pages: [initial], pageParams: [null] } : undefined,
  });
}

export function useEventsChart(filters: TimelineFilters, initial?: EventsPerDay) {
  // The counts come from a per-day projection that free text cannot narrow: typing a search must
  // not refetch them.
  const counted: TimelineFilters = { category: filters.category, type: filters.type, date: filters.date };
  return useQuery({
    queryKey: ["events", "chart", counted],
    queryFn: () => getResult<EventsPerDay>("/api/events/chart", counted),
    initialData: initial,
    // The chart's counts are written by the processing job a moment after arrival.
    refetchInterval: 15_000,
  });
}

export function useEventDetail(id: string | null) {
  return useQuery({
    queryKey: ["events", "detail", id],
    queryFn: () => getResult<TimelineEventDetail>(`/api/events/${encodeURIComponent(id ?? "")}`),
    enabled: id !== null,
    staleTime: Infinity,
    retry: false, // another clinic's or a missing event: asking again does not change the answer
  });
}

/**
 * Polls for arrivals; returns when the list last changed because of one. `initialHead` is the head
 * the server rendered the page at: without it, events arriving between the render and the first
 * poll would become the baseline and never be shown.
 */
export function useLiveUpdates(initialHead: string): { updatedAt: Date | null; error: boolean } {
  const queryClient = useQueryClient();
  const head = useQuery({
    queryKey: ["events", "head"],
    queryFn: () => getResult<string>("/api/events/head"),
    refetchInterval: LIVE_POLL_MS,
    staleTime: 0,
    // Starts from the served head, so the first poll's answer, the same head as a rule, changes
    // nothing and the page is not drawn again for it (initialData at time 0: asked at once all the same).
    initialData: initialHead,
    initialDataUpdatedAt: 0,
  });
  const previous = useRef<string>(initialHead);
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  useEffect(() => {
    if (head.data === undefined) return;
    if (previous.current !== head.data) {
      void queryClient.invalidateQueries({ queryKey: ["events", "list"] });
      // Give the processing job a moment before re-reading the chart's counts.
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: ["events", "chart"] }), 2000);
      setUpdatedAt(new Date());
    }
    previous.current = head.data;
  }, [head.data, queryClient]);
  return { updatedAt, error: head.isError };
}
