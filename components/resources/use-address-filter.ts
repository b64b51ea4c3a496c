"use client";
// The library's filters as the address holds them (?q=&type=&category=), so Back undoes one and a
// shared link shows the same list. A value the lists do not offer is ignored, as a hand-edited
// address should not end on an error.
import { useAddress } from "@/components/ui/use-address";
import { useMemo } from "react";
import { RESOURCE_CATEGORIES, RESOURCE_TYPES } from "@/lib/contract/resource-values";
import type { ResourceListFilter } from "@/lib/resources/fields";

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

export function useAddressFilter(): ResourceListFilter {
  const params = useAddress();
  const q = params.get("q")?.trim().slice(0, 100) || undefined;
  const type = oneOf(RESOURCE_TYPES, params.get("type"));
  const category = oneOf(RESOURCE_CATEGORIES, params.get("category"));
  return useMemo(
    () => ({ ...(q && { q }), ...(type && { type }), ...(category && { category }) }),
    [q, type, category],
  );
}
