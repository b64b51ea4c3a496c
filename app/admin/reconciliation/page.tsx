// Reconciliation: run one now and watch its progress bar (the shared panel of the events
// feature), and the last runs with what they found.
import { getTranslations } from "next-intl/server";
import { requireSection } from "@/lib/auth/require-section";
import { recentRuns } from "@/lib/admin/runs";
import { ReconciliationPanel } from "@/components/events/reconciliation-panel";
import { startReconciliation } from "@/app/events/reconciliation-actions";
import { RecentRuns } from "@/components/admin/recent-runs";
import { adminSectionMetadata } from "@/lib/admin/section-metadata";

export const generateMetadata = adminSectionMetadata("reconciliation");
export const dynamic = "force-dynamic";

export default async function ReconciliationPage() {
  const { clinicId } = await requireSection("admin");
  const runs = await recentRuns(clinicId);
  const t = await getTranslations("admin.runs");
  return (
    <div className="space-y-6">
      <h2 className="text-lg font-semibold">{t("title")}</h2>
      <ReconciliationPanel start={startReconciliation} />
      <section aria-labelledby="last-runs" className="space-y-2">
        <h3 id="last-runs" className="font-semibold">
          {t("lastRuns")}
        </h3>
        <RecentRuns initial={runs} />
      </section>
    </div>
  );
}
