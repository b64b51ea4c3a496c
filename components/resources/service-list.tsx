"use client";
// The platform-provided resources tab: the same filters and pages, read-only.
import { useCallback, useState } from "react";
import { useTranslations } from "next-intl";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import type { ResourceListFilter } from "@/lib/resources/fields";
import { shownError } from "@/lib/results/client";
import { LibraryFilters } from "@/components/resources/library-filters";
import { PAGE_SIZES } from "@/components/resources/library-list";
import { FILTER_MAX_ITEMS } from "@/lib/resources/list-filter";
import { ServiceResourceTable } from "@/components/resources/service-resource-table";
import { useServiceResources } from "@/components/resources/use-resources";

export function ServiceList() {
  const t = useTranslations("resources.service");
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
        <LoadingState label={t("loading")} />
      ) : list.isError ? (
        <ErrorState title={t("loadFailed")} error={shownError(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={t("noMatch")} />
      ) : (
        <ServiceResourceTable resources={list.data.items} />
      )}
      {list.data?.truncated && <p className="text-sm text-amber-900">{t("truncated", { max: FILTER_MAX_ITEMS })}</p>}
      {list.data && list.data.meta.total_count > 0 && (
        <Pagination
          meta={list.data.meta}
          noun="platformResources"
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
