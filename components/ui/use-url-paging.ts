"use client";
// A list's page and page size (and its search, if it has one) kept in the address (?page=2&size=50),
// as the events timeline keeps its filters: a reload, a shared link or Back shows the same page. Values outside the list's sizes or
// below 1 fall back to the defaults.
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";

export interface UrlPaging {
  page: number;
  size: number;
  /**
   * Moves to another page or size (a new size starts again at page 1); `params` sets other values of
   * the address at the same time (undefined or empty removes one), e.g. the list's search.
   */
  setPaging(next: { page?: number; size?: number; params?: Record<string, string | undefined> }): void;
}

export function useUrlPaging(sizes: readonly number[], defaultSize: number): UrlPaging {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const rawPage = Number(params.get("page"));
  const rawSize = Number(params.get("size"));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
  const size = sizes.includes(rawSize) ? rawSize : defaultSize;
  const setPaging = useCallback(
    (next: { page?: number; size?: number; params?: Record<string, string | undefined> }) => {
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
      router.replace(search ? `${pathname}?${search}` : pathname, { scroll: false });
    },
    [params, router, pathname, page, size, defaultSize],
  );
  return { page, size, setPaging };
}
