"use client";
// The address's query as the browser holds it now, for lists that keep their filters, search and
// page in it. Next.js's useSearchParams follows native history calls through its router's own
// state, and under load a Back could leave it a step behind the address (a filter still shown that
// Back had undone). This reads window.location itself, told of every change: Back and Forward
// (popstate), our own steps (goToAddress), and Next.js's navigations (its search params change).
// On the server and while hydrating it is the address the page was served for.
import { useSearchParams } from "next/navigation";
import { useCallback, useMemo, useSyncExternalStore } from "react";
import type { HistoryMode } from "@/components/ui/use-settled-typing";

const STEPPED = "clinic-connect:address";

/** Moves to `url` (a path and query on this page) as a new history entry or in place of this one. */
export function goToAddress(url: string, mode: HistoryMode = "push"): void {
  if (url === `${window.location.pathname}${window.location.search}`) return;
  if (mode === "push") window.history.pushState(null, "", url);
  else window.history.replaceState(null, "", url);
  window.dispatchEvent(new Event(STEPPED));
}

const browserQuery = () => window.location.search.replace(/^\?/, "");

export function useAddress(): URLSearchParams {
  const served = useSearchParams().toString();
  // A new subscription whenever Next.js's own reading changes, so a router navigation (whose history
  // entry it writes as it commits) is read again once committed.
  const subscribe = useCallback(
    (changed: () => void) => {
      window.addEventListener("popstate", changed);
      window.addEventListener(STEPPED, changed);
      return () => {
        window.removeEventListener("popstate", changed);
        window.removeEventListener(STEPPED, changed);
      };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `served` renews the subscription on purpose
    [served],
  );
  const query = useSyncExternalStore(subscribe, browserQuery, () => served);
  return useMemo(() => new URLSearchParams(query), [query]);
}
