// GET /api/reconciliation/runs: the caller's clinic's last reconciliation runs with what they found,
// for the Reconciliation tab's history (polled quickly while one is under way). Admins only.
import { defineRoute } from "@/lib/actions/route";
import { succeeded } from "@/lib/results/result";
import { recentRuns } from "@/lib/admin/runs";
import { SECTIONS } from "@/lib/auth/sections";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ name: "reconciliation.runs", roles: SECTIONS.admin.roles }, async ({ caller }) =>
  succeeded(await recentRuns(caller.clinicId)),
);
