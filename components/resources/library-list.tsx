"use client";
// The practitioner's library: filters, the table, pages, and the edit and delete dialogs. Edits and
// deletes show at once; when the platform refuses, the list goes back and a message says why.
import { useCallback, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, LoadingState, RequestId } from "@/components/ui/states";
import type { ResourceRecord } from "@/lib/contract";
import type { ResourceListFilter } from "@/lib/resources/fields";
import { hasFilters, TRUNCATED_NOTE } from "@/lib/resources/list-filter";
import type { ActionFailure } from "@/lib/actions/result";
import type { TreatmentPlanOption } from "@/lib/resources/treatment-plans";
import { shownError } from "@/lib/actions/client";
import { EditDialog } from "@/components/resources/edit-dialog";
import { LibraryFilters } from "@/components/resources/library-filters";
import { ResourceTable } from "@/components/resources/resource-table";
import { useDeleteResource, useLibrary, useUpdateResource } from "@/components/resources/use-resources";
import { useUrlPaging } from "@/components/ui/use-url-paging";

export const PAGE_SIZES = [5, 10, 25, 50, 100] as const;

interface Props {
  /** Sent to the server: undefined for a practitioner's own library. */
  requestedId: string | undefined;
  /** Whose library this is, to tell own resources from shared ones. */
  practitionerId: string;
  plans?: TreatmentPlanOption[];
}

export function LibraryList({ requestedId, practitionerId, plans }: Props) {
  const [filter, setFilter] = useState<ResourceListFilter>({});
  const { page, size, setPaging } = useUrlPaging(PAGE_SIZES, 10);
  const [editing, setEditing] = useState<ResourceRecord | null>(null);
  const [deleting, setDeleting] = useState<ResourceRecord | null>(null);
  const [notice, setNotice] = useState<(ActionFailure & { title: string }) | null>(null);
  const list = useLibrary(requestedId, { ...filter, page, size });
  const rolledBack = useCallback(
    (verb: string) => (error: unknown, name: string) =>
      setNotice({ ...shownError(error), title: `${verb} “${name}” did not go through and was undone.` }),
    [],
  );
  const update = useUpdateResource(requestedId, rolledBack("Your change to"));
  const remove = useDeleteResource(requestedId, rolledBack("Deleting"));
  const onFilter = useCallback(
    (next: ResourceListFilter) => {
      setFilter(next);
      setPaging({ page: 1 });
    },
    [setPaging],
  );

  return (
    <div className="space-y-4">
      <LibraryFilters value={filter} onChange={onFilter} />
      {notice && (
        <div
          role="alert"
          className="flex items-start justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <div>
            <p className="font-medium">{notice.title}</p>
            <p>{notice.message}</p>
            <RequestId id={notice.requestId} />
          </div>
          <button type="button" className="text-amber-900 underline" onClick={() => setNotice(null)}>
            Dismiss
          </button>
        </div>
      )}
      {list.isPending ? (
        <LoadingState label="Loading resources…" />
      ) : list.isError ? (
        <ErrorState
          title="The resources could not be loaded"
          error={shownError(list.error)}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          title={
            list.data.meta.total_count > 0
              ? "Nothing left on this page"
              : hasFilters(filter)
                ? "No resources match these filters"
                : "No resources yet"
          }
        >
          {list.data.meta.total_count > 0
            ? "Go to the previous page."
            : hasFilters(filter)
              ? "Try another type, category or name."
              : "Upload guides, handouts and meal plans below."}
        </EmptyState>
      ) : (
        <ResourceTable
          resources={list.data.items}
          practitionerId={practitionerId}
          onEdit={setEditing}
          onDelete={setDeleting}
          plans={plans}
        />
      )}
      {list.data?.truncated && <p className="text-sm text-amber-900">{TRUNCATED_NOTE}</p>}
      {list.data && list.data.meta.total_count > 0 && (
        <Pagination
          meta={list.data.meta}
          noun="resources"
          onPage={(p) => setPaging({ page: p })}
          busy={list.isFetching}
          size={size}
          sizes={PAGE_SIZES}
          onSize={(s) => setPaging({ size: s })}
        />
      )}
      {editing && (
        <EditDialog
          resource={editing}
          practitionerId={requestedId}
          plans={plans}
          onClose={() => setEditing(null)}
          onSave={(fields) => {
            setNotice(null);
            update.mutate({ id: editing.id, fields, name: editing.name });
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this resource?"
        description={<>“{deleting?.name}” will be removed from the platform. This cannot be undone.</>}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate({ id: deleting.id, name: deleting.name });
          setNotice(null);
          setDeleting(null);
        }}
      />
    </div>
  );
}
