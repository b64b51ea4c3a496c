"use client";
// The platform-provided resources tab: the same filters and pages, read-only.
import { useCallback, useState } from "react";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import type { ResourceListFilter } from "@/lib/resources/fields";
import { shownError } from "@/lib/actions/client";
import { LibraryFilters } from "@/components/resources/library-filters";
import { PAGE_SIZES } from "@/components/resources/library-list";
import { TRUNCATED_NOTE } from "@/lib/resources/list-filter";
import { ServiceResourceTable } from "@/components/resources/service-resource-table";
import { useServiceResources } from "@/components/resources/use-resources";

export function ServiceList() {
  const [filter, setFilter] = useState<ResourceListFilter>({});
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(10);
  const list = useServiceResources({ ...filter, page, size });
  const onFilter = useCallback((next: ResourceListFilter) => {
    setFilter(next);
    setPage(1);
  }, []);
  return (
    <div className="space-y-4">
      <LibraryFilters value={filter} onChange={onFilter} />
      {list.isPending ? (
        <LoadingState label="Loading the platform's resources…" />
      ) : list.isError ? (
        <ErrorState
          title="The platform's resources could not be loaded"
          error={shownError(list.error)}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.items.length === 0 ? (
        <EmptyState title="No platform resources match" />
      ) : (
        <ServiceResourceTable resources={list.data.items} />
      )}
      {list.data?.truncated && <p className="text-sm text-amber-900">{TRUNCATED_NOTE}</p>}
      {list.data && list.data.meta.total_count > 0 && (
        <Pagination
          meta={list.data.meta}
          noun="platform resources"
          onPage={setPage}
          busy={list.isFetching}
          size={size}
          sizes={PAGE_SIZES}
          onSize={(s) => {
            setSize(s);
            setPage(1);
          }}
        />
      )}
    </div>
  );
}
