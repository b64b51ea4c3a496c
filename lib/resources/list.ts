// Pages of the library. Without filters a page is the platform's own page (real pagination through
// the API); with filters every item is read (100 a page) and filtered here, since the platform's
// list endpoints take no filters, then paged with the same arithmetic the platform uses.
import "server-only";
import { collect, iterateAll, type Page, type PageRequest } from "@/lib/clinic-api/pagination";
import { paginate } from "@/lib/contract";
import type { ResourceListFilter } from "@/lib/resources/fields";
import { hasFilters, matchesFilter, type ListPage } from "@/lib/resources/list-filter";

interface ListQuery extends ResourceListFilter {
  page: number;
  size: number;
}

export async function filteredPage<T extends Parameters<typeof matchesFilter>[0]>(
  fetchPage: (page: PageRequest) => Promise<Page<T>>,
  query: ListQuery,
): Promise<ListPage<T>> {
  if (!hasFilters(query)) return fetchPage({ number: query.page, size: query.size });
  const all = await collect(iterateAll(fetchPage));
  return paginate(
    all.filter((item) => matchesFilter(item, query)),
    query.page,
    query.size,
  );
}
