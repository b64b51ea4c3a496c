// One page of the platform's delivery log: each row is one attempt at delivering one event.
import { useTranslations } from "next-intl";
import type { DeliveryRow } from "@/lib/admin/webhooks";
import type { Say } from "@/lib/i18n/say";
import { eventColumn } from "@/components/admin/event-rows";
import { StatusBadge } from "@/components/admin/status-badge";
import { DataTable, type Column, type ColumnSort } from "@/components/ui/data-table";
import { deliveryFiltersHref, type DeliveryFilters } from "@/lib/admin/delivery-filter-values";
import { When } from "@/components/ui/when";
import { deliveryProblemText } from "@/lib/admin/delivery-problem";
import { WEBHOOK_MAX_ATTEMPTS } from "@/lib/contract/webhooks";

type SortKey = DeliveryFilters["sort"];
/** A column's first order when chosen: the latest attempts first, event ids A to Z. */
const FIRST_ORDER: Record<SortKey, DeliveryFilters["order"]> = { attempted_at: "DESC", event_id: "ASC" };

/** The platform sorts deliveries by event id or attempt time (spec 4.5): those two headers sort. */
function sortBy(filters: DeliveryFilters, key: SortKey): ColumnSort {
  const active = filters.sort === key;
  const order = active ? (filters.order === "ASC" ? "DESC" : "ASC") : FIRST_ORDER[key];
  return {
    direction: !active ? "none" : filters.order === "ASC" ? "ascending" : "descending",
    href: deliveryFiltersHref("/admin/webhooks", { ...filters, sort: key, order, page: 1 }),
  };
}

const columns = (filters: DeliveryFilters, t: Say, say: Say): Column<DeliveryRow>[] => [
  {
    ...eventColumn((d: DeliveryRow) => ({ type: d.event_type, id: d.event_id }), say),
    sort: sortBy(filters, "event_id"),
  },
  {
    key: "attempted",
    header: t("attempted"),
    cell: (d) => <When iso={d.attempted_at} />,
    sort: sortBy(filters, "attempted_at"),
  },
  {
    key: "attempt",
    header: t("attempt"),
    cell: (d) => (d.attempt == null ? "—" : t("attemptOf", { attempt: d.attempt, max: WEBHOOK_MAX_ATTEMPTS })),
  },
  {
    key: "outcome",
    header: t("outcome"),
    cell: (d) => (
      <>
        <StatusBadge
          state={d.successfully_delivered ? "succeeded" : "failed"}
          label={d.successfully_delivered ? t("delivered") : t("failed")}
        />
        <Problem attempt={d} />
      </>
    ),
  },
  { key: "http", header: t("http"), cell: (d) => d.status_code ?? "—" },
  { key: "took", header: t("took"), cell: (d) => (d.duration_ms == null ? "—" : t("ms", { ms: d.duration_ms })) },
  { key: "next-attempt", header: t("nextAttempt"), cell: (d) => <When iso={d.next_attempt_at} empty={t("none")} /> },
];

/** Why an attempt failed, in words ("The app answered HTTP 503"), the platform's code kept as a tooltip. */
function Problem({ attempt }: { attempt: DeliveryRow }) {
  const say = useTranslations();
  const text = deliveryProblemText(attempt, say);
  if (!text) return null;
  return (
    <span className="block text-xs text-red-700" title={attempt.error ?? undefined}>
      {text}
    </span>
  );
}

export function DeliveriesTable({ rows, filters }: { rows: DeliveryRow[]; filters: DeliveryFilters }) {
  const t = useTranslations("admin.deliveries");
  const say = useTranslations();
  if (rows.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
        {t("noMatch")}
      </p>
    );
  return (
    <DataTable
      label={t("label")}
      columns={columns(filters, t, say)}
      rows={rows}
      rowKey={(d) => d.id ?? `${d.event_id} ${d.attempted_at}`}
      rowProps={(d) => ({ "data-delivery-event": d.event_id, "data-attempted-at": d.attempted_at })}
    />
  );
}
