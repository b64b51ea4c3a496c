// Clinic key: enter or replace it, see it masked, and its activation state from the clinic_key.*
// events; a revoked key, or one the platform no longer accepts, says what to do next.
import { getTranslations } from "next-intl/server";
import { useTranslations } from "next-intl";
import { requireSection } from "@/lib/auth/require-section";
import { clinicKeyView, type ClinicKeyView } from "@/lib/admin/clinic-key";
import { removeClinicKeyAction, saveClinicKeyAction } from "@/app/admin/clinic-key/actions";
import { ActionButton } from "@/components/admin/action-button";
import { ClinicKeyEvents } from "@/components/admin/clinic-key-events";
import { AutoRefresh } from "@/components/admin/auto-refresh";
import { ClinicKeyForm } from "@/components/admin/clinic-key-form";
import { ClinicKeyBadge } from "@/components/admin/status-badge";
import { When } from "@/components/ui/when";
import { PAIRS_GRID } from "@/components/ui/pairs";
import { Panel } from "@/components/ui/panel";
import { adminSectionMetadata } from "@/lib/admin/section-metadata";
import { typeLabel } from "@/components/events/format";

export const generateMetadata = adminSectionMetadata("clinicKey");
export const dynamic = "force-dynamic";

function StateExplanation({ view }: { view: ClinicKeyView }) {
  const t = useTranslations("admin.clinicKey");
  switch (view.state) {
    case "not_entered":
      return <p>{t("notEntered")}</p>;
    case "waiting":
      return <p>{t.rich("waiting", { code: (chunks) => <code>{chunks}</code> })}</p>;
    case "activated":
      return <p>{t("activated")}</p>;
    case "revoked":
    case "refused":
      return (
        <div className="space-y-1">
          <p className="font-medium">{t(view.state)}</p>
          <p>{view.state === "revoked" ? t("revokedWhatToDo") : t("refusedWhatToDo")}</p>
        </div>
      );
  }
}

export default async function ClinicKeyPage() {
  const { clinicId } = await requireSection("admin");
  const view = await clinicKeyView(clinicId);
  const t = await getTranslations("admin.clinicKey");
  const say = await getTranslations();
  return (
    <div className="space-y-6">
      <AutoRefresh everyMs={view.state === "waiting" ? 2000 : 5000} />
      <h2 className="text-lg font-semibold">{t("title")}</h2>
      <Panel
        id="key-state"
        title={t("activation")}
        tone={view.state === "revoked" || view.state === "refused" ? "alert" : "normal"}
      >
        <dl className={`${PAIRS_GRID} gap-y-1 text-sm`}>
          <dt className="text-slate-600">{t("state")}</dt>
          <dd aria-live="polite" data-testid="clinic-key-state">
            <ClinicKeyBadge state={view.state} />
          </dd>
          <dt className="text-slate-600">{t("key")}</dt>
          <dd className="font-mono">{view.masked ?? "—"}</dd>
          <dt className="text-slate-600">{t("entered")}</dt>
          <dd>
            <When iso={view.setAt} />
          </dd>
          <dt className="text-slate-600">{t("decidedBy")}</dt>
          <dd>
            {/* The platform's notice in words and its time; its type and id stay on Events. */}
            {view.decidedBy
              ? t.rich("decidedByEvent", {
                  what: typeLabel(view.decidedBy.type, say),
                  when: () => <When iso={view.decidedBy?.createdAt} />,
                })
              : "—"}
          </dd>
        </dl>
        <div className="text-sm text-slate-700">
          <StateExplanation view={view} />
        </div>
      </Panel>

      <Panel id="key-form" title={view.entered ? t("replace") : t("enter")}>
        <ClinicKeyForm action={saveClinicKeyAction} replacing={view.entered} />
        {view.entered && (
          <ActionButton
            label={t("remove")}
            variant="danger"
            action={removeClinicKeyAction}
            confirm={{
              title: t("removeTitle"),
              description: t("removeBody"),
              confirmLabel: t("removeConfirm"),
            }}
          />
        )}
      </Panel>

      <section aria-labelledby="key-events" className="space-y-2">
        <h3 id="key-events" className="font-semibold">
          {t("events")}
        </h3>
        {view.recentEvents.length === 0 ? (
          <p className="text-sm text-slate-600">{t("noEvents")}</p>
        ) : (
          <ClinicKeyEvents events={view.recentEvents} />
        )}
      </section>
    </div>
  );
}
