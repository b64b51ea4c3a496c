// The platform's resource lists take only page parameters (spec 4.2, 4.6), so filtering by type and
// category and searching by name happen here, over the items the platform returned. Not server-only.
import type { PaginationMeta } from "@/lib/contract";
import type { ResourceListFilter } from "@/lib/resources/fields";

/** A record's type and category may be any string the platform sends (lib/contract/resources.ts). */
interface Filterable {
  name: string;
  type: string | null;
  category: string | null;
}

export function hasFilters(filter: ResourceListFilter): boolean {
  return Boolean(filter.type || filter.category || filter.q);
}

export function matchesFilter(item: Filterable, filter: ResourceListFilter): boolean {
  if (filter.type && item.type !== filter.type) return false;
  if (filter.category && item.category !== filter.category) return false;
  if (filter.q && !item.name.toLocaleLowerCase().includes(filter.q.toLocaleLowerCase())) return false;
  return true;
}

export interface ListPage<T> {
  items: T[];
  meta: PaginationMeta;
  /** Set when a filtered view stopped reading the platform's list at FILTER_MAX_ITEMS. */
  truncated?: boolean;
}

/** A filtered view reads at most this many pages of 100 from the platform (one request's worth). */
export const FILTER_MAX_PAGES = 20;
export const FILTER_MAX_ITEMS = FILTER_MAX_PAGES * 100;

/** The library's page size when the address names none; the server reads that first page with the page. */
export const FIRST_PAGE_SIZE = 10;
