// Pages of the library. Without filters a page is the platform's own page (real pagination through
// the API); with filters every item is read (100 a page) and filtered here, since the platform's
// list endpoints take no filters, then paged with the same arithmetic the platform uses. A filtered
// view reads at most FILTER_MAX_PAGES pages: one request of a user never walks an unbounded list.
// It reads them in two round trips, the first page and then the others it announces at once
// (readPagesAtOnce): at the platform's distance a walk one page after another would take seconds.
import "server-only";
import { readPagesAtOnce, type Page, type PageRequest } from "@/lib/clinic-api/pagination";
import { paginate } from "@/lib/contract";
import type { ResourceListFilter } from "@/lib/resources/fields";
import { FILTER_MAX_PAGES, hasFilters, matchesFilter, type ListPage } from "@/lib/resources/list-filter";

interface ListQuery extends ResourceListFilter {
  page: number;
  size: number;
}

export async function filteredPage<T extends Parameters<typeof matchesFilter>[0]>(
  fetchPage: (page: PageRequest) => Promise<Page<T>>,
  query: ListQuery,
): Promise<ListPage<T>> {
  if (!hasFilters(query)) return fetchPage({ number: query.page, size: query.size });
  const matching: T[] = [];
  let truncated = false;
  for (const page of await readPagesAtOnce(fetchPage, { maxPages: FILTER_MAX_PAGES })) {
    matching.push(...page.items.filter((item) => matchesFilter(item, query)));
    truncated = page.truncated;
  }
  return { ...paginate(matching, query.page, query.size), ...(truncated ? { truncated } : {}) };
}
