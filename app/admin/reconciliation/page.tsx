// Reconciliation: run one now and watch its progress bar (the shared panel of the events
// feature), and the last runs with what they found.
import type { Metadata } from "next";
import { requireSection } from "@/lib/auth/require-section";
import { recentRuns } from "@/lib/admin/runs";
import { ReconciliationPanel } from "@/components/events/reconciliation-panel";
import { startReconciliation } from "@/app/events/reconciliation-actions";
import { RecentRuns } from "@/components/admin/recent-runs";

export const metadata: Metadata = { title: "Reconciliation · Admin" };
export const dynamic = "force-dynamic";

export default async function ReconciliationPage() {
  const { clinicId } = await requireSection("admin");
  const runs = await recentRuns(clinicId);
  return (
    <div className="space-y-6">
      <h2 className="text-lg font-semibold">Reconciliation</h2>
      <ReconciliationPanel start={startReconciliation} />
      <section aria-labelledby="last-runs" className="space-y-2">
        <h3 id="last-runs" className="font-semibold">
          Last runs
        </h3>
        <RecentRuns initial={runs} />
      </section>
    </div>
  );
}
