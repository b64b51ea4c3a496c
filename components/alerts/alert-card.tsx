// One alert: what happened and what to do, since when, its link, who acknowledged it, and how the
// email went. Open alerts carry the acknowledge button.
import { useTranslations } from "next-intl";
import { ActionButton } from "@/components/admin/action-button";
import { StatusBadge } from "@/components/admin/status-badge";
import { When } from "@/components/ui/when";
import type { ActionResult } from "@/lib/results/result";
import type { AlertView } from "@/lib/alerts/view";

/** A page of the app is a link; an address to send someone is shown whole, to copy. */
function LinkLine({ link }: { link: NonNullable<AlertView["link"]> }) {
  const t = useTranslations("alerts.card");
  if (!link.href.startsWith("http"))
    return (
      <p className="text-sm">
        <a href={link.href} className="font-medium text-brand-700 underline">
          {t("pageLink", { label: link.label })}
        </a>
      </p>
    );
  return (
    <p className="text-sm">
      {t.rich("addressLink", {
        label: link.label,
        href: link.href,
        code: (chunks) => <code className="select-all break-all rounded bg-slate-100 px-1.5 py-0.5">{chunks}</code>,
      })}
    </p>
  );
}

export function AlertCard({
  alert,
  acknowledge,
}: {
  alert: AlertView;
  /** The acknowledge action (open alerts only). */
  acknowledge?: (input: { alertId: string }) => Promise<ActionResult>;
}) {
  const t = useTranslations("alerts.card");
  const say = useTranslations();
  const resolved = alert.resolvedAt !== null;
  const tone = resolved ? "border-slate-200" : alert.stage === "disabled" ? "border-red-300" : "border-amber-300";
  return (
    <article
      aria-labelledby={`alert-${alert.id}`}
      data-alert-kind={alert.kind}
      data-alert-stage={alert.stage}
      className={`space-y-2 rounded-lg border bg-white p-4 ${tone}`}
    >
      <header className="flex flex-wrap items-center gap-2">
        <h3 id={`alert-${alert.id}`} className="font-semibold">
          {alert.title}
        </h3>
        <StatusBadge state={resolved ? "resolved" : alert.stage} />
        {!resolved && alert.acknowledged && <StatusBadge state="acknowledged" />}
      </header>
      <p className="text-sm text-slate-700">{alert.body}</p>
      {!resolved && alert.link && <LinkLine link={alert.link} />}
      <p className="text-xs text-slate-600">
        {t.rich("opened", { when: () => <When iso={alert.openedAt} /> })}
        {alert.stageChangedAt !== alert.openedAt &&
          t.rich("worse", { when: () => <When iso={alert.stageChangedAt} /> })}
        {resolved && t.rich("resolvedAt", { when: () => <When iso={alert.resolvedAt} /> })}
        {alert.acknowledged &&
          t.rich("acknowledgedBy", {
            by: alert.acknowledged.by,
            when: () => <When iso={alert.acknowledged?.at} />,
          })}
        {!resolved && alert.emailed && t("emailed")}
      </p>
      {!resolved && alert.emailProblem && (
        <p className="text-xs text-amber-900">
          {t("emailProblem", {
            // A catalog key (lib/email/mailer.ts); an alert emailed before keys were kept says it in English.
            problem: say.has(alert.emailProblem) ? say(alert.emailProblem) : alert.emailProblem,
          })}
        </p>
      )}
      {acknowledge && !resolved && !alert.acknowledged && (
        <ActionButton
          label={t("acknowledge")}
          ariaLabel={t("acknowledgeTitle", { title: alert.title })}
          action={acknowledge.bind(null, { alertId: alert.id })}
        />
      )}
    </article>
  );
}
