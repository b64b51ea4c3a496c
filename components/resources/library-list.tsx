"use client";
// The practitioner's library: filters, the table, pages, and the edit and delete dialogs. Edits and
// deletes show at once; when the platform refuses, the list goes back and a message says why. A
// delete waits a few seconds behind an Undo toast before it is sent (use-deferred-delete).
import dynamic from "next/dynamic";
import { useCallback, useState } from "react";
import { useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, LoadingState, RequestId } from "@/components/ui/states";
import type { ResourceRecord } from "@/lib/contract";
import type { ResourceListFilter } from "@/lib/resources/fields";
import { FILTER_MAX_ITEMS, FIRST_PAGE_SIZE, hasFilters, type ListPage } from "@/lib/resources/list-filter";
import type { ActionFailure } from "@/lib/results/result";
import type { TreatmentPlanOption } from "@/lib/resources/treatment-plans";
import { shownError } from "@/lib/results/client";
import { LibraryFilters } from "@/components/resources/library-filters";
import { ResourceTable } from "@/components/resources/resource-table";
import { useDeleteResource, useLibrary, useUpdateResource } from "@/components/resources/use-resources";
import { useUrlPaging } from "@/components/ui/use-url-paging";
import type { HistoryMode } from "@/components/ui/use-settled-typing";
import { useAddressFilter } from "@/components/resources/use-address-filter";
import { deleteOnLeave, useDeferredDelete } from "@/components/resources/use-deferred-delete";
import { toast } from "sonner";

// The edit dialog (and its file checks) loads when a resource is first edited, not with the page. With a
// `loading` it waits inside its own Suspense boundary: without one it suspended the page's streaming
// boundary, which hid the library, took focus off the Edit button and left the dialog nothing to return to.
const EditDialog = dynamic(() => import("@/components/resources/edit-dialog").then((m) => m.EditDialog), {
  loading: () => null,
});

export const PAGE_SIZES = [5, 10, 25, 50, 100] as const;

interface Props {
  /** Sent to the server: undefined for a practitioner's own library. */
  requestedId: string | undefined;
  /** Whose library this is, to tell own resources from shared ones. */
  practitionerId: string;
  plans?: TreatmentPlanOption[];
  /** The plain first page (page 1 of 10, no filter) as the server read it with the page. */
  initial?: ListPage<ResourceRecord>;
}

export function LibraryList({ requestedId, practitionerId, plans, initial }: Props) {
  const t = useTranslations("resources.library");
  const toasts = useTranslations("resources.toasts");
  const { page, size, setPaging } = useUrlPaging(PAGE_SIZES, FIRST_PAGE_SIZE);
  const filter = useAddressFilter();
  const [editing, setEditing] = useState<ResourceRecord | null>(null);
  const [deleting, setDeleting] = useState<ResourceRecord | null>(null);
  const [notice, setNotice] = useState<(ActionFailure & { title: string }) | null>(null);
  const plain = page === 1 && size === FIRST_PAGE_SIZE && !hasFilters(filter);
  const list = useLibrary(requestedId, { ...filter, page, size }, true, plain ? initial : undefined);
  const rolledBack = useCallback(
    (what: "change" | "delete") => (error: unknown, name: string) =>
      setNotice({ ...shownError(error), title: t("undone", { what, name }) }),
    [t],
  );
  const update = useUpdateResource(requestedId, rolledBack("change"));
  const remove = useDeleteResource(requestedId, rolledBack("delete"));
  const deferred = useDeferredDelete(remove.mutateAsync, (r) => deleteOnLeave(r.id, requestedId));
  const items = list.data?.items.filter((r) => !deferred.hidden.has(r.id)) ?? [];
  const onFilter = useCallback(
    (next: ResourceListFilter, mode?: HistoryMode) =>
      setPaging({ page: 1, params: { q: next.q, type: next.type, category: next.category } }, mode),
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
            {t("dismiss")}
          </button>
        </div>
      )}
      {list.isPending ? (
        <LoadingState label={t("loading")} />
      ) : list.isError ? (
        <ErrorState title={t("loadFailed")} error={shownError(list.error)} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          title={list.data.meta.total_count > 0 ? t("pageEmpty") : hasFilters(filter) ? t("noMatch") : t("none")}
        >
          {list.data.meta.total_count > 0 ? t("pageEmptyHint") : hasFilters(filter) ? t("noMatchHint") : t("noneHint")}
        </EmptyState>
      ) : (
        <ResourceTable
          resources={items}
          practitionerId={practitionerId}
          actingFor={requestedId}
          onEdit={setEditing}
          onDelete={setDeleting}
          plans={plans}
        />
      )}
      {list.data?.truncated && <p className="text-sm text-amber-900">{t("truncated", { max: FILTER_MAX_ITEMS })}</p>}
      {list.data && list.data.meta.total_count > 0 && (
        <Pagination
          meta={{ ...list.data.meta, total_count: list.data.meta.total_count - deferred.hidden.size }}
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
            update.mutate(
              { id: editing.id, fields, name: editing.name },
              { onSuccess: (saved) => toast.success(toasts("saved", { name: saved.name })) },
            );
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t("deleteTitle")}
        description={t("deleteBody", { name: deleting?.name ?? "" })}
        confirmLabel={t("delete")}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) deferred.remove(deleting);
          setNotice(null);
          setDeleting(null);
        }}
      />
    </div>
  );
}
