// The admin console's overview: the state of every part at a glance, each linking to its section.
import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { requireSection } from "@/lib/auth/require-section";
import { adminOverview } from "@/lib/admin/overview";
import { ClinicKeyBadge, StatusBadge } from "@/components/admin/status-badge";
import { When } from "@/components/ui/when";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin.layout"))("title") };
}
export const dynamic = "force-dynamic";

function Card({ title, href, children }: { title: string; href: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="font-semibold">
        <Link href={href} className="hover:underline">
          {title}
        </Link>
      </h2>
      <div className="space-y-1 text-sm text-slate-700">{children}</div>
    </section>
  );
}

export default async function AdminOverviewPage() {
  const { user } = await requireSection("admin");
  const o = await adminOverview({ userId: user.id, clinicId: user.clinicId });
  const s = o.accounts.byStatus;
  const [t, env] = await Promise.all([getTranslations("admin.overview"), getTranslations("admin.environment")]);
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      <Card title={t("accounts")} href="/admin/accounts">
        {o.environment.authMode === "clinic" ? (
          <p>{t.rich("clinicToken", { badge: () => <StatusBadge state={o.accounts.clinicConnection ?? "none"} /> })}</p>
        ) : (
          <p>
            {t("accountCounts", {
              users: o.accounts.users,
              connected: s.connected,
              expiring: s.expiring,
              broken: s.broken,
              revoked: s.revoked,
              none: s.none,
            })}
          </p>
        )}
        {s.broken > 0 && <p className="text-red-700">{t("brokenHint")}</p>}
      </Card>
      <Card title={t("clinicKey")} href="/admin/clinic-key">
        <p>
          <ClinicKeyBadge state={o.clinicKey.state} />{" "}
          {o.clinicKey.since && t.rich("since", { when: () => <When iso={o.clinicKey.since} /> })}
        </p>
        {o.clinicKey.state === "revoked" && <p className="text-red-700">{t("keyRevoked")}</p>}
        {o.clinicKey.state === "refused" && <p className="text-red-700">{t("keyRefused")}</p>}
      </Card>
      <Card title={t("webhooks")} href="/admin/webhooks">
        <p>
          {t.rich("lastReceived", {
            when: () => <When iso={o.webhooks.lastReceiptAt} empty={t("noneYet")} />,
            count: o.webhooks.receiptsLast24h,
          })}
        </p>
        <p>{t("gaps", { count: o.webhooks.gapsLast7Days })}</p>
        <p>
          {t("secrets", {
            secret: o.webhooks.secretConfigured ? "yes" : "no",
            challenge: o.webhooks.challengeConfigured ? "yes" : "no",
          })}
        </p>
      </Card>
      <Card title={t("reconciliation")} href="/admin/reconciliation">
        {o.reconciliation ? (
          <p>
            {t.rich("run", {
              badge: () => <StatusBadge state={o.reconciliation?.status ?? "none"} />,
              when: () => <When iso={o.reconciliation?.requestedAt} />,
              succeeded: o.reconciliation.status === "succeeded" ? "yes" : "no",
              inserted: o.reconciliation.inserted,
            })}
          </p>
        ) : (
          <p>{t("noRun")}</p>
        )}
      </Card>
      <Card title={t("environment")} href="/admin/environment">
        <p>{env("server", { ...o.environment.server })}</p>
        <p>{o.environment.authMode === "role" ? t("roleMode") : t("clinicMode")}</p>
      </Card>
    </div>
  );
}
