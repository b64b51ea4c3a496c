"use client";
// The timeline's filters and open event live in the address, and each change is an entry in the
// browser's history: Back closes an open event, the next Back undoes the last filter, as on any site.
// Native history calls step without a server round trip (components/ui/use-address.ts, which reads
// the address from the browser, so a Back under load is never shown a step late). The server's parse is kept for the address the page was served at
// (it drops a search it could not run); any other address is read here and checked by the API.
import { usePathname } from "next/navigation";
import { goToAddress, useAddress } from "@/components/ui/use-address";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { TIMELINE_CATEGORIES } from "@/lib/events/categories";
import type { TimelineFilters } from "@/lib/events/timeline/filter-values";
import type { HistoryMode } from "@/components/ui/use-settled-typing";

/** The address of the timeline with these filters, and this event open. */
export function timelineSearch(filters: TimelineFilters, openId?: string | null): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
  if (openId) params.set("event", openId);
  const s = params.toString();
  return s ? `?${s}` : "";
}

const CATEGORIES: readonly string[] = TIMELINE_CATEGORIES;

function readFilters(params: URLSearchParams): TimelineFilters {
  const text = (key: string) => params.get(key)?.trim() || undefined;
  const category = text("category");
  return {
    ...(category && CATEGORIES.includes(category) && { category: category as TimelineFilters["category"] }),
    ...(text("type") && { type: text("type") }),
    ...(text("date") && { date: text("date") }),
    ...(text("q") && { q: text("q") }),
    ...(text("sort") === "oldest" && { sort: "oldest" as const }),
  };
}

export function useTimelineAddress(initialFilters: TimelineFilters, initialOpenId: string | null) {
  const pathname = usePathname();
  const params = useAddress();
  // The address as served, and as the server read it (without a search it refused): both show
  // what the server rendered.
  const [served] = useState(() => [params.toString(), timelineSearch(initialFilters, initialOpenId).slice(1)]);
  const atServed = served.includes(params.toString());
  const readKey = timelineSearch(readFilters(params));
  // One object per set of filters, so the list keeps its queries while only the open event changes.
  const read = useMemo(() => readFilters(new URLSearchParams(readKey)), [readKey]);
  const filters = atServed ? initialFilters : read;
  const openId = atServed ? initialOpenId : params.get("event") || null;
  // The event this page opened itself: closing it goes Back to the entry it was opened from.
  const openedHere = useRef<string | null>(null);

  const go = useCallback((search: string, mode: HistoryMode) => goToAddress(`${pathname}${search}`, mode), [pathname]);
  const setFilters = useCallback(
    (next: TimelineFilters, mode: HistoryMode = "push") => go(timelineSearch(next), mode),
    [go],
  );
  const open = useCallback(
    (id: string) => {
      openedHere.current = id;
      go(timelineSearch(filters, id), "push");
    },
    [go, filters],
  );
  const close = useCallback(() => {
    if (openedHere.current && openedHere.current === openId) {
      openedHere.current = null;
      window.history.back();
    } else go(timelineSearch(filters), "replace");
  }, [go, filters, openId]);
  useEffect(() => {
    // A search the server refused leaves the address, so a later step does not bring it back.
    if (served[0] !== served[1]) go(served[1] ? `?${served[1]}` : "", "replace");
  }, [served, go]);
  return { filters, openId, setFilters, open, close };
}
