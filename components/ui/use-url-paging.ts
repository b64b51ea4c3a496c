"use client";
// A list's page and page size (and its search and filters, if it has them) kept in the address
// (?page=2&size=50), as the events timeline keeps its filters: a reload or a shared link shows the
// same page, and each change is a history entry, so Back undoes it. Values outside the list's sizes or
// below 1 fall back to the defaults. Native history calls (components/ui/use-address.ts) step without
// asking the server for the page again: the lists read their pages themselves.
import { usePathname } from "next/navigation";
import { goToAddress, useAddress } from "@/components/ui/use-address";
import { useCallback } from "react";
import { pagingOf } from "@/components/ui/url-paging";
import type { HistoryMode } from "@/components/ui/use-settled-typing";

export interface UrlPaging {
  page: number;
  size: number;
  /**
   * Moves to another page or size (a new size starts again at page 1); `params` sets other values of
   * the address at the same time (undefined or empty removes one), e.g. the list's search. A new
   * history entry unless `mode` says "replace".
   */
  setPaging(next: PagingChange, mode?: HistoryMode): void;
}

interface PagingChange {
  page?: number;
  size?: number;
  params?: Record<string, string | undefined>;
}

export function useUrlPaging(sizes: readonly number[], defaultSize: number): UrlPaging {
  const params = useAddress();
  const pathname = usePathname();
  const { page, size } = pagingOf((name) => params.get(name), sizes, defaultSize);
  const setPaging = useCallback(
    (next: PagingChange, mode: HistoryMode = "push") => {
      const query = new URLSearchParams(params.toString());
      for (const [key, value] of Object.entries(next.params ?? {})) {
        if (value) query.set(key, value);
        else query.delete(key);
      }
      const nextSize = next.size ?? size;
      const nextPage = next.size !== undefined && next.size !== size ? 1 : (next.page ?? page);
      if (nextPage === 1) query.delete("page");
      else query.set("page", String(nextPage));
      if (nextSize === defaultSize) query.delete("size");
      else query.set("size", String(nextSize));
      const search = query.toString();
      const url = search ? `${pathname}?${search}` : pathname;
      goToAddress(url, mode);
    },
    [params, pathname, page, size, defaultSize],
  );
  return { page, size, setPaging };
}
