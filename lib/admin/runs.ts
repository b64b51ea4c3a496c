// The Reconciliation tab's history: the clinic's last runs with what they found. Starting a run and
// its progress bar come from lib/events/reconcile (the panel in components/events).
import "server-only";
import { db } from "@/lib/db";
import { viewOfRun, type ReconciliationView } from "@/lib/events/reconcile/view";

export async function recentRuns(clinicId: string, take = 10): Promise<ReconciliationView[]> {
  const runs = await db.reconciliationRun.findMany({ where: { clinicId }, orderBy: { requestedAt: "desc" }, take });
  return runs.map(viewOfRun);
}
