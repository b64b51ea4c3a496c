"use server";
// Reconciliation on demand and its progress, for admins (the admin page and the timeline mount the
// panel). Each action checks the caller's role and acts only on the caller's clinic.
import { requireRole } from "@/lib/auth";
import { db } from "@/lib/db";
import { latestRun, requestReconciliation } from "@/lib/events/reconcile/request";
import { viewOfRun, type ReconciliationView } from "@/lib/events/reconcile/view";
import { getBoss } from "@/lib/jobs/boss";

export async function startReconciliation(): Promise<
  { ok: true; run: ReconciliationView } | { ok: false; message: string }
> {
  const { clinicId, user } = await requireRole("Admin");
  try {
    const run = await requestReconciliation(db, await getBoss(), clinicId, "manual", user.id);
    return { ok: true, run: viewOfRun(run) };
  } catch (error) {
    console.error("[reconcile] could not queue:", error instanceof Error ? error.message : error);
    return { ok: false, message: "The reconciliation could not be started. Try again in a moment." };
  }
}

export async function reconciliationStatus(): Promise<ReconciliationView | null> {
  const { clinicId } = await requireRole("Admin");
  const run = await latestRun(db, clinicId);
  return run ? viewOfRun(run) : null;
}
