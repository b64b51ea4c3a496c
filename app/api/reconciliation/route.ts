// GET /api/reconciliation: the caller's clinic's latest reconciliation run (or null), which the
// panel polls every second while one is under way. Admins only.
import { defineRoute } from "@/lib/actions/route";
import { succeeded } from "@/lib/results/result";
import { SECTIONS } from "@/lib/auth/sections";
import { db } from "@/lib/db";
import { latestRun } from "@/lib/events/reconcile/request";
import { viewOfRun } from "@/lib/events/reconcile/view";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ name: "reconciliation.status", roles: SECTIONS.admin.roles }, async ({ caller }) => {
  const run = await latestRun(db, caller.clinicId);
  return succeeded(run ? viewOfRun(run) : null);
});
