// Accounts: every person of the clinic, signed in or not yet, with their platform connection and the
// actions on it; in clinic-level mode, the
// clinic's one token and how to connect or replace it.
import { getTranslations } from "next-intl/server";
import { stateReasonText } from "@/lib/auth/state-reason";
import { requireSection } from "@/lib/auth/require-section";
import { listAccounts } from "@/lib/admin/accounts";
import { environmentView } from "@/lib/admin/environment";
import {
  forceRefreshAction,
  prepareClinicTokenReplacementAction,
  requestReconnectAction,
  revokeConnectionAction,
  setAdminAction,
  setAdminBeforeSignInAction,
} from "@/app/admin/accounts/actions";
import { ActionButton } from "@/components/admin/action-button";
import { AccountsTable } from "@/components/admin/accounts-table";
import { ClinicTokenButton } from "@/components/admin/clinic-token-panel";
import { StatusBadge } from "@/components/admin/status-badge";
import { When } from "@/components/ui/when";
import { Panel } from "@/components/ui/panel";
import { adminSectionMetadata } from "@/lib/admin/section-metadata";

export const generateMetadata = adminSectionMetadata("accounts");
export const dynamic = "force-dynamic";

export default async function AccountsPage() {
  const { user } = await requireSection("admin");
  const accounts = await listAccounts({ userId: user.id, clinicId: user.clinicId });
  const clinicMode = environmentView().authMode === "clinic";
  const clinic = accounts.clinicConnection;
  const t = await getTranslations("admin.accounts");
  const say = await getTranslations();
  return (
    <div className="space-y-6">
      <h2 className="text-lg font-semibold">{t("title")}</h2>
      {clinicMode && (
        <Panel id="clinic-token" title={t("clinicToken")}>
          <p className="text-sm text-slate-600">{t("clinicTokenIntro")}</p>
          {clinic ? (
            <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
              <dt className="text-slate-600">{t("state")}</dt>
              <dd>
                <StatusBadge state={clinic.status} />{" "}
                {clinic.stateReason && (
                  <span className="text-xs text-slate-600">{stateReasonText(say, clinic.stateReason)}</span>
                )}
              </dd>
              <dt className="text-slate-600">{t("connectedBy")}</dt>
              <dd className="font-mono text-xs">{clinic.platformUserId}</dd>
              <dt className="text-slate-600">{t("connectedSince")}</dt>
              <dd>
                <When iso={clinic.connectedAt} />
              </dd>
              <dt className="text-slate-600">{t("tokenExpiry")}</dt>
              <dd>
                <When iso={clinic.expiresAt} />
              </dd>
              <dt className="text-slate-600">{t("lastRefresh")}</dt>
              <dd>
                <When iso={clinic.lastRefreshAt} empty={t("never")} />
              </dd>
            </dl>
          ) : (
            <p className="text-sm text-amber-900">{t("noClinicToken")}</p>
          )}
          <div className="flex flex-wrap items-start gap-3">
            <ClinicTokenButton
              working={clinic?.status === "connected" || clinic?.status === "expiring"}
              prepare={prepareClinicTokenReplacementAction}
            />
            {clinic && (
              <ActionButton
                label={t("forceRefresh")}
                ariaLabel={t("forceRefreshClinic")}
                action={forceRefreshAction.bind(null, { connectionId: clinic.id })}
                disabled={clinic.status === "broken" || clinic.status === "revoked"}
                disabledReason={t("connectInstead")}
              />
            )}
          </div>
        </Panel>
      )}
      <AccountsTable
        rows={[...accounts.users, ...accounts.notSignedIn]}
        perUser={!clinicMode}
        actions={{
          forceRefresh: forceRefreshAction,
          requestReconnect: requestReconnectAction,
          revoke: revokeConnectionAction,
          setAdmin: setAdminAction,
          setAdminBeforeSignIn: setAdminBeforeSignInAction,
        }}
      />
      <p className="text-sm text-slate-600">{t("legend")}</p>
    </div>
  );
}
