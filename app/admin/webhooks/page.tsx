// Webhooks: what to register in the platform's dashboard, whether the secrets are configured, the
// platform's delivery log with every filter of spec 4.5, delivery success per day, and the gaps
// reconciliation had to fill. The filters live in the URL.
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { formatSize } from "@/lib/format/size";
import { requireSection } from "@/lib/auth/require-section";
import { parseDeliveryFilters } from "@/lib/admin/delivery-filters";
import { environmentView } from "@/lib/admin/environment";
import { describeForLog, failureOf } from "@/lib/actions/platform-failure";
import { DATED_MAX_PAGES, loadDeliveries, loadDeliveryChart, loadWebhookHealth } from "@/lib/admin/webhooks";
import { DeliveriesPager } from "@/components/admin/deliveries-pager";
import { DeliveriesTable } from "@/components/admin/deliveries-table";
import { DeliveryChartView } from "@/components/admin/delivery-chart";
import { DeliveryFiltersForm } from "@/components/admin/delivery-filters-form";
import { GapsTable } from "@/components/admin/gaps-table";
import { StatusBadge } from "@/components/admin/status-badge";
import { When } from "@/components/ui/when";
import { ErrorState } from "@/components/ui/states";
import { PAIRS_GRID } from "@/components/ui/pairs";
import { Panel } from "@/components/ui/panel";
import { adminSectionMetadata } from "@/lib/admin/section-metadata";
import { log } from "@/lib/log/logger";

export const generateMetadata = adminSectionMetadata("webhooks");
export const dynamic = "force-dynamic";

const settle = <T,>(work: Promise<T>) =>
  work.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => {
      const failure = failureOf(error);
      if (failure.code === "error") log.error(`admin: a webhooks read failed: ${describeForLog(error)}`);
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
  const t = await getTranslations("admin.webhooks");
  const say = await getTranslations();
  const locale = await getLocale();
  const [deliveries, chart, health] = await Promise.all([
    settle(loadDeliveries(actor, filters, user.timeZone)),
    settle(loadDeliveryChart(actor, user.timeZone)),
    loadWebhookHealth(user.clinicId),
  ]);
  return (
    <div className="space-y-6">
      <h2 className="text-lg font-semibold">{t("title")}</h2>
      <Panel id="setup" title={t("setup")}>
        <dl className={`${PAIRS_GRID} gap-y-2 text-sm`}>
          <dt className="text-slate-600">{t("url")}</dt>
          <dd>
            <code className="select-all rounded bg-slate-100 px-1.5 py-0.5" data-testid="webhook-url">
              {env.webhookUrl}
            </code>
            {!env.webhookUrl.startsWith("https://") && (
              <span className="block text-xs text-amber-800">{t("httpsOnly")}</span>
            )}
          </dd>
          <dt className="text-slate-600">{t("secret")}</dt>
          <dd data-testid="webhook-secret">
            <StatusBadge state={env.webhookSecret} />{" "}
            {env.webhookSecretPrevious && <span className="text-xs text-slate-600">{t("previousSecret")}</span>}
          </dd>
          <dt className="text-slate-600">{t("challenge")}</dt>
          <dd data-testid="webhook-challenge">
            <StatusBadge state={env.webhookChallenge} />
          </dd>
          <dt className="text-slate-600">{t("lastReceived")}</dt>
          <dd>
            {t.rich("received", {
              when: () => <When iso={health.lastReceiptAt} empty={t("noneYet")} />,
              count: health.receiptsLast24h,
              duplicates: health.duplicatesLast24h,
            })}
          </dd>
          <dt className="text-slate-600">{t("keptAsReceived")}</dt>
          <dd data-testid="kept-as-received">{t("kept", { count: health.keptAsReceived })}</dd>
        </dl>
        {health.recentKeptAsReceived.length > 0 && (
          <ul className="space-y-1 text-xs text-amber-900" aria-label={t("keptLabel")}>
            {health.recentKeptAsReceived.map((e) => (
              <li key={e.id}>
                {t.rich("keptItem", {
                  id: e.id,
                  type: e.type,
                  issue: say(e.issue),
                  mono: (chunks) => <span className="font-mono">{chunks}</span>,
                  when: () => <When iso={e.receivedAt} />,
                })}
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm" data-testid="unread-deliveries">
          {t("unread", { count: health.unread })}
        </p>
        {health.dropped.count > 0 && (
          <p className="text-sm text-amber-900" data-testid="unread-dropped">
            {t("unreadDropped", {
              count: health.dropped.count,
              size: formatSize(health.dropped.bytes, locale, "up"),
            })}
          </p>
        )}
        {health.recentUnread.length > 0 && (
          <ul className="space-y-1 text-xs text-amber-900" aria-label={t("unreadLabel")}>
            {health.recentUnread.map((d) => (
              <li key={d.id}>
                {t.rich("unreadItem", {
                  reason: t(`unreadReason.${d.reason}`),
                  size: formatSize(d.bytes, locale),
                  keys: d.keys || "—",
                  mono: (chunks) => <span className="font-mono">{chunks}</span>,
                  when: () => <When iso={d.receivedAt} />,
                })}
              </li>
            ))}
          </ul>
        )}
        {(env.webhookSecret === "local_default" || env.webhookChallenge === "local_default") && (
          <p className="text-xs text-amber-800">{t("localDefaults")}</p>
        )}
      </Panel>

      {chart.ok ? (
        <DeliveryChartView chart={chart.value} />
      ) : (
        <ErrorState title={t("chartFailed")} error={chart.error} />
      )}

      <section aria-labelledby="deliveries" className="space-y-3">
        <h3 id="deliveries" className="font-semibold">
          {t("deliveries")}
        </h3>
        {/* The platform retries a failed delivery itself and offers no way to send one again (spec 6.2):
            what an admin can do is bring the missed event in from the event lists. */}
        <p role="note" data-testid="no-manual-retry" className="max-w-3xl text-sm text-slate-600">
          {t.rich("noManualRetry", {
            link: (chunks) => (
              <Link href="/admin/reconciliation" className="font-medium text-brand-700 hover:underline">
                {chunks}
              </Link>
            ),
          })}
        </p>
        <DeliveryFiltersForm key={JSON.stringify(filters)} filters={filters} errors={errors} />
        {filters.attempted_at && (
          <p className="text-xs text-slate-600">{t("datedOnClinicClock", { zone: user.timeZone })}</p>
        )}
        {deliveries.ok ? (
          <>
            {deliveries.value.truncated && (
              <p role="note" className="rounded-md bg-amber-50 p-2 text-xs text-amber-900">
                {t("datedTruncated", { count: DATED_MAX_PAGES * 100 })}
              </p>
            )}
            {/* The count above is what the app received; these rows are the platform's attempts: say which. */}
            <p className="text-sm text-slate-700" data-testid="attempts-shown">
              {t("attemptsShown", {
                count: deliveries.value.meta.total_count,
                filtered: filters.attempted_at || filters.event_id || filters.delivered ? "yes" : "no",
              })}
            </p>
            <DeliveriesTable rows={deliveries.value.rows} filters={filters} />
            <DeliveriesPager meta={deliveries.value.meta} filters={filters} />
          </>
        ) : (
          <ErrorState title={t("deliveriesFailed")} error={deliveries.error} />
        )}
      </section>

      <GapsTable health={health} />
    </div>
  );
}
