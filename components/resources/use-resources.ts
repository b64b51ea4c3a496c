"use client";
// The library's queries and mutations. Edits and deletes show at once (optimistic) in every cached
// page of the practitioner's library and roll back when the platform refuses; every change is
// followed by a refetch so the list matches the platform, the only source of truth.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ResourceRecord } from "@/lib/contract";
import type { ResourceEdit, ResourceListQuery } from "@/lib/resources/fields";
import type { ListPage } from "@/lib/resources/list-filter";
import { unwrap } from "@/lib/results/client";
import { useResourceActions } from "@/components/resources/resource-actions";

export const libraryKey = (practitionerId: string | undefined) =>
  ["resources", "library", practitionerId ?? "self"] as const;

export function useLibrary(
  practitionerId: string | undefined,
  query: ResourceListQuery,
  enabled = true,
  /** This query's answer as the server read it with the page: no request until it is stale. */
  initialData?: ListPage<ResourceRecord>,
) {
  const { loadResources } = useResourceActions();
  return useQuery({
    queryKey: [...libraryKey(practitionerId), query],
    queryFn: async () => unwrap(await loadResources({ ...query, practitionerId })),
    placeholderData: keepPreviousData,
    initialData,
    enabled,
  });
}

export function useServiceResources(query: ResourceListQuery) {
  const { loadServiceResources } = useResourceActions();
  return useQuery({
    queryKey: ["resources", "service", query],
    queryFn: async () => unwrap(await loadServiceResources(query)),
    placeholderData: keepPreviousData,
  });
}

export function usePractitioners(enabled: boolean) {
  const { loadPractitioners } = useResourceActions();
  return useQuery({
    queryKey: ["resources", "practitioners"],
    queryFn: async () => unwrap(await loadPractitioners()),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useTreatmentPlans(practitionerId: string | undefined) {
  const { loadTreatmentPlans } = useResourceActions();
  return useQuery({
    queryKey: ["resources", "plans", practitionerId ?? "self"],
    queryFn: async () => unwrap(await loadTreatmentPlans({ practitionerId })),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

type Pages = [readonly unknown[], ListPage<ResourceRecord> | undefined][];

/** Applies `change` to every cached page of the library; returns the pages as they were. */
async function patchLibrary(
  qc: QueryClient,
  practitionerId: string | undefined,
  change: (page: ListPage<ResourceRecord>) => ListPage<ResourceRecord>,
): Promise<Pages> {
  const key = libraryKey(practitionerId);
  await qc.cancelQueries({ queryKey: key });
  const before = qc.getQueriesData<ListPage<ResourceRecord>>({ queryKey: key }) as Pages;
  qc.setQueriesData<ListPage<ResourceRecord>>({ queryKey: key }, (page) => (page ? change(page) : page));
  return before;
}

function restore(qc: QueryClient, pages: Pages | undefined) {
  for (const [key, data] of pages ?? []) qc.setQueryData(key, data);
}

export function useUpdateResource(
  practitionerId: string | undefined,
  onRolledBack: (error: unknown, name: string) => void,
) {
  const qc = useQueryClient();
  const { updateResourceDetails } = useResourceActions();
  return useMutation({
    mutationFn: async ({ id, fields }: { id: string; fields: ResourceEdit; name: string }) =>
      unwrap(await updateResourceDetails({ ...fields, practitionerId, resourceId: id })),
    onMutate: ({ id, fields }) =>
      patchLibrary(qc, practitionerId, (page) => ({
        ...page,
        items: page.items.map((r) =>
          r.id !== id
            ? r
            : {
                ...r,
                name: fields.name.trim(),
                type: fields.type || null,
                category: fields.category || null,
                treatment_plan_id: fields.treatment_plan_id || null,
                save_to_library: fields.save_to_library === "true",
              },
        ),
      })),
    onError: (error, { name }, before) => {
      restore(qc, before);
      onRolledBack(error, name);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: libraryKey(practitionerId) }),
  });
}

export function useDeleteResource(
  practitionerId: string | undefined,
  onRolledBack: (error: unknown, name: string) => void,
) {
  const qc = useQueryClient();
  const { deleteResource } = useResourceActions();
  return useMutation({
    mutationFn: async ({ id }: { id: string; name: string }) =>
      unwrap(await deleteResource({ practitionerId, resourceId: id })),
    onMutate: ({ id }) =>
      patchLibrary(qc, practitionerId, (page) =>
        page.items.some((r) => r.id === id)
          ? {
              ...page,
              items: page.items.filter((r) => r.id !== id),
              meta: { ...page.meta, total_count: page.meta.total_count - 1 },
            }
          : page,
      ),
    onError: (error, { name }, before) => {
      restore(qc, before);
      onRolledBack(error, name);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: libraryKey(practitionerId) }),
  });
}
