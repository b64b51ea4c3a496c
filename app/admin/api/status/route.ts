// GET /admin/api/status: the admin console at a glance as JSON (for monitoring and scripts), in the
// app's one result shape. Admins of the clinic only: 401 signed out, 403 for other roles.
import { defineRoute } from "@/lib/actions/route";
import { succeeded } from "@/lib/results/result";
import { adminOverview } from "@/lib/admin/overview";
import { SECTIONS } from "@/lib/auth/sections";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ name: "admin.status", roles: SECTIONS.admin.roles }, async ({ actor }) =>
  succeeded(await adminOverview(actor)),
);
