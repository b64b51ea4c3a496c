// Alerts: what needs the admins' attention now (failing webhook deliveries with the hours left
// before the platform disables the endpoint, connections that need a new sign-in, a revoked clinic
// key, events the webhooks missed), each acknowledged by name; the recently resolved; and where
// alerts are emailed.
import type { Metadata } from "next";
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

export const metadata: Metadata = { title: "Alerts · Admin" };
export const dynamic = "force-dynamic";

function EmailSetup({ mailer, catcherUrl }: { mailer: string | null; catcherUrl: string | undefined }) {
  if (!mailer)
    return (
      <p className="text-sm text-slate-700">
        Email is not set up on this server (SMTP_URL is not set): alerts show here and in the header only.
      </p>
    );
  return (
    <p className="text-sm text-slate-700">
      Alerts are emailed through {mailer} to every admin who gave an address below.
      {catcherUrl && (
        <>
          {" "}
          On this machine that is the local mail catcher:{" "}
          <a href={catcherUrl} className="text-brand-700 underline" target="_blank" rel="noreferrer">
            open it to read what admins receive
          </a>
          .
        </>
      )}
    </p>
  );
}

export default async function AlertsPage() {
  const { user, clinicId } = await requireSection("admin");
  const [alerts, email, recipients] = await Promise.all([
    listAlerts(clinicId),
    alertEmailOf(user.id),
    alertRecipients(clinicId),
  ]);
  const mailer = appMailer();
  return (
    <div className="space-y-6">
      <AutoRefresh everyMs={15_000} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Alerts</h2>
        <ActionButton label="Check now" action={checkAlertsNowAction} />
      </div>
      <section aria-labelledby="open-alerts" className="space-y-3">
        <h3 id="open-alerts" className="font-semibold">
          Needs attention ({alerts.open.length})
        </h3>
        {alerts.open.length === 0 ? (
          <EmptyState title="Nothing needs attention.">
            Webhook deliveries, connections and the clinic key are checked every few minutes.
          </EmptyState>
        ) : (
          alerts.open.map((a) => <AlertCard key={a.id} alert={a} acknowledge={acknowledgeAlertAction} />)
        )}
      </section>
      <section aria-labelledby="alert-email" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <h3 id="alert-email" className="font-semibold">
          Alert emails
        </h3>
        <EmailSetup mailer={mailer?.describe ?? null} catcherUrl={getConfig().mailCatcher.url} />
        <p className="text-sm text-slate-700">
          {recipients.length === 0
            ? "No admin has given an address yet."
            : `${recipients.length} ${recipients.length === 1 ? "admin receives" : "admins receive"} alerts by email.`}{" "}
          Each alert is emailed once when it opens, and again if it gets worse.
        </p>
        <AlertEmailForm action={saveAlertEmailAction} current={email} />
        {mailer && email && <ActionButton label="Send me a test email" action={sendTestEmailAction} />}
      </section>
      <section aria-labelledby="resolved-alerts" className="space-y-3">
        <h3 id="resolved-alerts" className="font-semibold">
          Recently resolved
        </h3>
        {alerts.resolved.length === 0 ? (
          <p className="text-sm text-slate-600">None yet.</p>
        ) : (
          alerts.resolved.map((a) => <AlertCard key={a.id} alert={a} />)
        )}
      </section>
    </div>
  );
}
