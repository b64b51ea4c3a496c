"use client";
// Page controls for the deliveries table: moving keeps every filter in the URL.
import { useRouter } from "next/navigation";
import { Pagination, type PageMeta } from "@/components/ui/pagination";
import { deliveryFiltersHref, type DeliveryFilters } from "@/lib/admin/delivery-filter-values";

export function DeliveriesPager({ meta, filters }: { meta: PageMeta; filters: DeliveryFilters }) {
  const router = useRouter();
  return (
    <Pagination
      meta={meta}
      noun="deliveries"
      onPage={(page) => router.push(deliveryFiltersHref("/admin/webhooks", { ...filters, page }))}
    />
  );
}
