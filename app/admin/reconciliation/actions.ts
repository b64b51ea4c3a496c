"use server";
// The last reconciliation runs for the Reconciliation tab's history, polled while a run is under way.
// Starting a run and its progress are the shared panel's actions (app/events/reconciliation-actions).
import type { ReconciliationView } from "@/lib/events/reconcile/view";
import { recentRuns } from "@/lib/admin/runs";
import { adminActor } from "@/lib/admin/run-action";

export async function loadRecentRunsAction(): Promise<ReconciliationView[] | null> {
  const actor = await adminActor();
  if (!actor) return null;
  return recentRuns(actor.clinicId);
}
