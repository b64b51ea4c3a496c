// Webhooks: what to register in the platform's dashboard, whether the secrets are configured, the
// platform's delivery log with every filter of spec 4.5, delivery success per day, and the gaps
// reconciliation had to fill. The filters live in the URL.
import type { Metadata } from "next";
import { requireSection } from "@/lib/auth/require-section";
import { parseDeliveryFilters } from "@/lib/admin/delivery-filters";
import { environmentView } from "@/lib/admin/environment";
import { describeForLog, failureOf } from "@/lib/actions/platform-failure";
import { loadDeliveries, loadDeliveryChart, loadWebhookHealth } from "@/lib/admin/webhooks";
import { DeliveriesPager } from "@/components/admin/deliveries-pager";
import { DeliveriesTable } from "@/components/admin/deliveries-table";
import { DeliveryChartView } from "@/components/admin/delivery-chart";
import { DeliveryFiltersForm } from "@/components/admin/delivery-filters-form";
import { GapsTable } from "@/components/admin/gaps-table";
import { StatusBadge } from "@/components/admin/status-badge";
import { When } from "@/components/ui/when";
import { ErrorState } from "@/components/ui/states";
import { PAIRS_GRID } from "@/components/ui/pairs";

export const metadata: Metadata = { title: "Webhooks · Admin" };
export const dynamic = "force-dynamic";

const settle = <T,>(work: Promise<T>) =>
  work.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => {
      const failure = failureOf(error);
      if (failure.code === "error") console.error(`[admin] a webhooks read failed: ${describeForLog(error)}`);
      return { ok: false as const, error: failure };
    },
  );

export default async function WebhooksPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { user } = await requireSection("admin");
  const actor = { userId: user.id, clinicId: user.clinicId };
  const { filters, errors } = parseDeliveryFilters(await searchParams);
  const env = environmentView();
  const [deliveries, chart, health] = await Promise.all([
    settle(loadDeliveries(actor, filters)),
    settle(loadDeliveryChart(actor)),
    loadWebhookHealth(user.clinicId),
  ]);
  return (
    <div className="space-y-6">
      <h2 className="text-lg font-semibold">Webhooks</h2>
      <section aria-labelledby="setup" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <h3 id="setup" className="font-semibold">
          Set-up
        </h3>
        <dl className={`${PAIRS_GRID} gap-y-2 text-sm`}>
          <dt className="text-slate-600">URL to register in the platform&apos;s dashboard</dt>
          <dd>
            <code className="select-all rounded bg-slate-100 px-1.5 py-0.5" data-testid="webhook-url">
              {env.webhookUrl}
            </code>
            {!env.webhookUrl.startsWith("https://") && (
              <span className="block text-xs text-amber-800">
                The platform only delivers to HTTPS addresses with a valid certificate: set APP_URL to the app&apos;s
                public https address.
              </span>
            )}
          </dd>
          <dt className="text-slate-600">Signing secret</dt>
          <dd data-testid="webhook-secret">
            <StatusBadge state={env.webhookSecret} />{" "}
            {env.webhookSecretPrevious && (
              <span className="text-xs text-slate-600">and a previous secret, accepted during rotation</span>
            )}
          </dd>
          <dt className="text-slate-600">Challenge token</dt>
          <dd data-testid="webhook-challenge">
            <StatusBadge state={env.webhookChallenge} />
          </dd>
          <dt className="text-slate-600">Last webhook received</dt>
          <dd>
            <When iso={health.lastReceiptAt} empty="None yet" /> · {health.receiptsLast24h} in the last 24 hours
            {health.duplicatesLast24h > 0 ? `, ${health.duplicatesLast24h} of them duplicates` : ""}
          </dd>
          <dt className="text-slate-600">Kept as received</dt>
          <dd data-testid="kept-as-received">
            {health.keptAsReceived === 0
              ? "None: every event's data is stored and shown as sent"
              : `${health.keptAsReceived} event${health.keptAsReceived === 1 ? "" : "s"} whose data could not be stored or shown as sent; each is kept exactly as received`}
          </dd>
        </dl>
        {health.recentKeptAsReceived.length > 0 && (
          <ul className="space-y-1 text-xs text-amber-900" aria-label="Events kept as received">
            {health.recentKeptAsReceived.map((e) => (
              <li key={e.id}>
                <span className="font-mono">{e.id}</span> ({e.type}, <When iso={e.receivedAt} />
                ): {e.issue}
              </li>
            ))}
          </ul>
        )}
        {(env.webhookSecret === "local_default" || env.webhookChallenge === "local_default") && (
          <p className="text-xs text-amber-800">
            Local defaults are in use: fine with the local sandbox; for real servers set CLINIC_WEBHOOK_SECRET and
            CLINIC_WEBHOOK_CHALLENGE to the values of the platform&apos;s dashboard.
          </p>
        )}
      </section>

      {chart.ok ? (
        <DeliveryChartView chart={chart.value} />
      ) : (
        <ErrorState title="The delivery chart could not be read from the platform" error={chart.error} />
      )}

      <section aria-labelledby="deliveries" className="space-y-3">
        <h3 id="deliveries" className="font-semibold">
          Deliveries (last 30 days)
        </h3>
        <DeliveryFiltersForm key={JSON.stringify(filters)} filters={filters} errors={errors} />
        {deliveries.ok ? (
          <>
            <DeliveriesTable rows={deliveries.value.rows} />
            <DeliveriesPager meta={deliveries.value.meta} filters={filters} />
          </>
        ) : (
          <ErrorState title="The deliveries could not be read from the platform" error={deliveries.error} />
        )}
      </section>

      <GapsTable health={health} />
    </div>
  );
}
