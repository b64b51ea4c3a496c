// Environment: which platform server the app talks to and how it authorizes. Secrets appear only as
// configured or not.
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { requireSection } from "@/lib/auth/require-section";
import { environmentView } from "@/lib/admin/environment";
import { StatusBadge } from "@/components/admin/status-badge";
import { PAIRS_GRID } from "@/components/ui/pairs";
import { adminSectionMetadata } from "@/lib/admin/section-metadata";

export const generateMetadata = adminSectionMetadata("environment");
export const dynamic = "force-dynamic";

export default async function EnvironmentPage() {
  await requireSection("admin");
  const env = environmentView();
  const t = await getTranslations("admin.environment");
  const rows: Array<[string, ReactNode]> = [
    [
      t("platformServer"),
      <span key="s" data-testid="platform-server">
        {t("server", { ...env.server })}
      </span>,
    ],
    [t("baseUrl"), <code key="b">{env.baseUrl}</code>],
    [
      t("authMode"),
      <span key="a" data-testid="auth-mode">
        {t("authModeLabel", { mode: env.authMode })}
      </span>,
    ],
    [t("clientId"), <code key="c">{env.clientId}</code>],
    [t("appUrl"), <code key="u">{env.appUrl}</code>],
    [t("webhookUrl"), <code key="w">{env.webhookUrl}</code>],
    [t("webhookSecret"), <StatusBadge key="ws" state={env.webhookSecret} />],
    [t("webhookChallenge"), <StatusBadge key="wc" state={env.webhookChallenge} />],
    [
      t("encryptionKey"),
      <StatusBadge
        key="ek"
        state={env.encryptionKey}
        label={env.encryptionKey === "configured" ? t("configured") : t("devKey")}
      />,
    ],
  ];
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold">{t("title")}</h2>
      <dl className={`${PAIRS_GRID} gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm`}>
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-600">{t("note")}</p>
    </div>
  );
}
