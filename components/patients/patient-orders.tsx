// A patient's orders and lab orders as the platform lists them now, streamed in after the page: each
// order with its items named (the clinic's product events name the variants) and an amount only
// where the platform sent one; each lab order with its tests and its status in words. Each list
// fails alone, and then shows what the clinic's events said instead (so nothing is shown twice).
import { getTranslations } from "next-intl/server";
import type { Caller } from "@/lib/auth";
import { clientForUser } from "@/lib/auth/platform-client";
import { failureOf } from "@/lib/actions/platform-failure";
import type { PlatformLabOrder, PlatformOrder } from "@/lib/contract";
import { db } from "@/lib/db";
import type { TimelineEvent } from "@/lib/events/timeline/list";
import { orderLines, variantIdsOf } from "@/lib/patients/lines";
import { platformLabOrders, platformOrders, type Outcome } from "@/lib/patients/platform";
import { variantNames, type VariantName } from "@/lib/events/variant-names";
import { EventGroup } from "@/components/patients/patient-history";
import { ProductLines } from "@/components/patients/product-lines";
import { Panel } from "@/components/ui/panel";
import { ErrorState } from "@/components/ui/states";
import { When } from "@/components/ui/when";

const LAB_STATUSES = [
  "not_purchased",
  "purchased",
  "schedule_appointment",
  "upcoming_appointment",
  "processing",
  "results_received",
  "partial_results",
  "all_results_received",
  "results_ready",
  "results_amended",
  "interpretation_ready",
  "interpretation_shared",
];

export async function PatientOrders({
  caller,
  patientId,
  events,
}: {
  caller: Caller;
  patientId: string;
  /** The store's events about them, shown for a list the platform could not give. */
  events: TimelineEvent[];
}) {
  const t = await getTranslations("patient.records");
  let orders: Outcome<PlatformOrder[]>;
  let labs: Outcome<PlatformLabOrder[]>;
  try {
    const client = await clientForUser(caller.user.id);
    [orders, labs] = await Promise.all([platformOrders(client, patientId), platformLabOrders(client, patientId)]);
  } catch (error) {
    orders = labs = { ok: false, failure: failureOf(error) };
  }
  const names = orders.ok ? await variantNames(db, caller.clinicId, variantIdsOf([], orders.value)) : {};
  return (
    <>
      <Panel id="patient-orders" title={t("orders")} heading="h2" aside={count(t, orders)}>
        {!orders.ok ? (
          <ErrorState title={t("ordersFailed")} error={orders.failure} />
        ) : orders.value.length === 0 ? (
          <p className="text-sm text-slate-600">{t("ordersNone")}</p>
        ) : (
          <ol className="divide-y divide-slate-100 text-sm">
            {orders.value.map((order) => (
              <OrderItem key={order.id} order={order} names={names} />
            ))}
          </ol>
        )}
      </Panel>
      {!orders.ok && (
        <EventGroup
          id="patient-events-orders"
          title={t("ordersFromEvents")}
          events={events.filter((e) => e.category === "orders")}
          empty={t("eventsNone")}
        />
      )}
      <Panel id="patient-labs" title={t("labs")} heading="h2" aside={count(t, labs)}>
        {!labs.ok ? (
          <ErrorState title={t("labsFailed")} error={labs.failure} />
        ) : labs.value.length === 0 ? (
          <p className="text-sm text-slate-600">{t("labsNone")}</p>
        ) : (
          <ol className="divide-y divide-slate-100 text-sm">
            {labs.value.map((lab) => (
              <LabItem key={lab.id} lab={lab} />
            ))}
          </ol>
        )}
      </Panel>
      {!labs.ok && (
        <EventGroup
          id="patient-events-labs"
          title={t("labsFromEvents")}
          events={events.filter((e) => e.category === "lab_orders")}
          empty={t("eventsNone")}
        />
      )}
    </>
  );
}

type T = Awaited<ReturnType<typeof getTranslations<"patient.records">>>;

const count = (t: T, list: Outcome<unknown[]>) =>
  list.ok ? <span className="text-sm text-slate-600">{t("count", { count: list.value.length })}</span> : undefined;

async function OrderItem({ order, names }: { order: PlatformOrder; names: Record<string, VariantName> }) {
  const t = await getTranslations("patient.records");
  const lines = orderLines(order, names);
  return (
    <li className="space-y-1 py-2" data-order-id={order.id}>
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-medium text-slate-900">
          {t("order", { numbered: order.order_number ? "yes" : "no", number: order.order_number ?? "" })}
          {order.total != null && order.total !== "" && (
            <span className="font-normal text-slate-700"> · {t("amount", { amount: String(order.total) })}</span>
          )}
        </span>
        {order.completed_at && (
          <span className="text-xs text-slate-600">
            <When iso={order.completed_at} />
          </span>
        )}
      </p>
      {lines.length === 0 ? (
        <p className="text-slate-600">{t("noItems")}</p>
      ) : (
        <ProductLines lines={lines} label={t("items")} />
      )}
    </li>
  );
}

async function LabItem({ lab }: { lab: PlatformLabOrder }) {
  const t = await getTranslations("patient.records");
  const tests = (lab.tests ?? []).flatMap((test) => (test.name?.trim() ? [test.name.trim()] : []));
  const status = lab.status ?? lab.state ?? null;
  const time = lab.updated_at ?? lab.created_at;
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2" data-lab-order-id={lab.id}>
      <span className="text-slate-900">
        <span className="font-medium">{tests.length ? tests.join(", ") : t("labUnnamed")}</span>
        {status && (
          <span className="text-slate-700">
            {" "}
            · {t("labStatus", { status: LAB_STATUSES.includes(status) ? status : "other", raw: status })}
          </span>
        )}
      </span>
      {time && (
        <span className="text-xs text-slate-600">
          <When iso={time} />
        </span>
      )}
    </li>
  );
}
