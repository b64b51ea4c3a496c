// The admin's home panel: the connection's health at a glance, each line linking to where to act.
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { AdminOverview } from "@/lib/admin/overview";
import { HomePanel } from "@/components/home/home-panels";
import { ClinicKeyBadge } from "@/components/admin/status-badge";
import { When } from "@/components/ui/when";

export function AdminHealthPanel({ o, failingDeliveries }: { o: AdminOverview; failingDeliveries: boolean }) {
  const broken = o.accounts.byStatus.broken;
  const run = o.reconciliation;
  const t = useTranslations("home.admin");
  return (
    <HomePanel title={t("title")} href="/admin" linkLabel={t("open")}>
      <ul className="space-y-2" aria-label={t("title")}>
        <li>
          <Link href="/admin/accounts" className="hover:underline">
            {t("accounts", { broken })}
          </Link>
        </li>
        <li>
          <Link href="/admin/webhooks" className="hover:underline">
            {failingDeliveries ? t("deliveriesFailing") : t("deliveriesFine")}
          </Link>{" "}
          <span className="text-xs text-slate-500">
            {o.webhooks.lastReceiptAt
              ? t.rich("lastReceived", { when: () => <When iso={o.webhooks.lastReceiptAt} /> })
              : t("nothingReceived")}
          </span>
        </li>
        <li>
          <Link href="/admin/clinic-key" className="hover:underline">
            {t("clinicKey")}
          </Link>{" "}
          <ClinicKeyBadge state={o.clinicKey.state} />
        </li>
        <li>
          <Link href="/admin/reconciliation" className="hover:underline">
            {run ? t("lastRun", { status: run.status, inserted: run.inserted }) : t("noRun")}
          </Link>{" "}
          {run && (
            <span className="text-xs text-slate-500">
              <When iso={run.finishedAt ?? run.requestedAt} />
            </span>
          )}
        </li>
      </ul>
    </HomePanel>
  );
}
