// Environment: which platform server the app talks to and how it authorizes. Secrets appear only as
// configured or not.
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { requireSection } from "@/lib/auth/require-section";
import { environmentView } from "@/lib/admin/environment";
import { StatusBadge } from "@/components/admin/status-badge";
import { PAIRS_GRID } from "@/components/ui/pairs";

export const metadata: Metadata = { title: "Environment · Admin" };
export const dynamic = "force-dynamic";

export default async function EnvironmentPage() {
  await requireSection("admin");
  const env = environmentView();
  const rows: Array<[string, ReactNode]> = [
    [
      "Platform server",
      <span key="s" data-testid="platform-server">
        {env.server}
      </span>,
    ],
    ["Base URL", <code key="b">{env.baseUrl}</code>],
    [
      "Authorization mode",
      <span key="a" data-testid="auth-mode">
        {env.authModeLabel}
      </span>,
    ],
    ["Application (client id)", <code key="c">{env.clientId}</code>],
    ["App address", <code key="u">{env.appUrl}</code>],
    ["Webhook URL", <code key="w">{env.webhookUrl}</code>],
    ["Webhook signing secret", <StatusBadge key="ws" state={env.webhookSecret} />],
    ["Webhook challenge token", <StatusBadge key="wc" state={env.webhookChallenge} />],
    [
      "Token encryption key",
      <StatusBadge
        key="ek"
        state={env.encryptionKey}
        label={env.encryptionKey === "configured" ? "Configured" : "Development key (generated on this machine)"}
      />,
    ],
  ];
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold">Environment</h2>
      <dl className={`${PAIRS_GRID} gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm`}>
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-600">
        These come from the environment (CLINIC_API_BASE_URL, CLINIC_API_ENVIRONMENT, CLINIC_AUTH_MODE, APP_URL…) and
        change with a restart, not here.
      </p>
    </div>
  );
}
