// GET /admin/api/alerts: how many alerts need attention, for the header's count to poll. Admins of
// the clinic only: 401 signed out, 403 for other roles (lib/results/result.ts's answers).
import { defineRoute } from "@/lib/actions/route";
import { succeeded } from "@/lib/results/result";
import { alertCount } from "@/lib/alerts/view";
import { SECTIONS } from "@/lib/auth/sections";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ name: "alerts.count", roles: SECTIONS.admin.roles }, async ({ caller }) =>
  succeeded({ needAttention: await alertCount(caller.clinicId) }),
);
