// Alerts: what needs the admins' attention now (failing webhook deliveries with the hours left
// before the platform disables the endpoint, connections that need a new sign-in, a revoked clinic
// key, events the webhooks missed), each acknowledged by name; the recently resolved; and where
// alerts are emailed.
import { getTranslations } from "next-intl/server";
import { useTranslations } from "next-intl";
import { requestTranslator, requestLocale } from "@/lib/auth/language";
import { timeLocale } from "@/lib/i18n/locales";
import { requireSection } from "@/lib/auth/require-section";
import { getConfig } from "@/lib/config";
import { appMailer } from "@/lib/email/mailer";
import { alertEmailOf, alertRecipients } from "@/lib/alerts/recipients";
import { listAlerts } from "@/lib/alerts/view";
import {
  acknowledgeAlertAction,
  checkAlertsNowAction,
  saveAlertEmailAction,
  sendTestEmailAction,
} from "@/app/admin/alerts/actions";
import { ActionButton } from "@/components/admin/action-button";
import { AutoRefresh } from "@/components/admin/auto-refresh";
import { AlertCard } from "@/components/alerts/alert-card";
import { AlertEmailForm } from "@/components/alerts/alert-email-form";
import { EmptyState } from "@/components/ui/states";
import { Panel } from "@/components/ui/panel";
import { adminSectionMetadata } from "@/lib/admin/section-metadata";

export const generateMetadata = adminSectionMetadata("alerts");
export const dynamic = "force-dynamic";

function EmailSetup({ mailer, catcherUrl }: { mailer: string | null; catcherUrl: string | undefined }) {
  const t = useTranslations("alerts.page");
  if (!mailer) return <p className="text-sm text-slate-700">{t("noEmail")}</p>;
  return (
    <p className="text-sm text-slate-700">
      {t("emailedThrough", { mailer })}
      {catcherUrl &&
        t.rich("catcher", {
          link: (chunks) => (
            <a href={catcherUrl} className="text-brand-700 underline" target="_blank" rel="noreferrer">
              {chunks}
            </a>
          ),
        })}
    </p>
  );
}

export default async function AlertsPage() {
  const { user, clinicId } = await requireSection("admin");
  const [say, locale, t] = await Promise.all([requestTranslator(), requestLocale(), getTranslations("alerts.page")]);
  const [alerts, email, recipients] = await Promise.all([
    listAlerts(clinicId, { say, locale: timeLocale(locale) }),
    alertEmailOf(user.id),
    alertRecipients(clinicId),
  ]);
  const mailer = appMailer();
  return (
    <div className="space-y-6">
      <AutoRefresh everyMs={15_000} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{t("title")}</h2>
        <ActionButton label={t("checkNow")} action={checkAlertsNowAction} />
      </div>
      <section aria-labelledby="open-alerts" className="space-y-3">
        <h3 id="open-alerts" className="font-semibold">
          {t("open", { count: alerts.open.length })}
        </h3>
        {alerts.open.length === 0 ? (
          <EmptyState title={t("nothing")}>{t("nothingHint")}</EmptyState>
        ) : (
          alerts.open.map((a) => <AlertCard key={a.id} alert={a} acknowledge={acknowledgeAlertAction} />)
        )}
      </section>
      <Panel id="alert-email" title={t("emails")}>
        <EmailSetup mailer={mailer?.describe ?? null} catcherUrl={getConfig().mailCatcher.url} />
        <p className="text-sm text-slate-700">{t("recipients", { count: recipients.length })}</p>
        <AlertEmailForm action={saveAlertEmailAction} current={email} />
        {mailer && email && <ActionButton label={t("sendTest")} action={sendTestEmailAction} />}
      </Panel>
      <section aria-labelledby="resolved-alerts" className="space-y-3">
        <h3 id="resolved-alerts" className="font-semibold">
          {t("resolved")}
        </h3>
        {alerts.resolved.length === 0 ? (
          <p className="text-sm text-slate-600">{t("noneYet")}</p>
        ) : (
          alerts.resolved.map((a) => <AlertCard key={a.id} alert={a} />)
        )}
      </section>
    </div>
  );
}
