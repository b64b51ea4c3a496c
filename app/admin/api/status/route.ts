// GET /admin/api/status: the admin console at a glance as JSON (for monitoring and scripts).
// Admins of the clinic only: 401 signed out, 403 for other roles.
import { authorizeRoute } from "@/lib/auth";
import { adminOverview } from "@/lib/admin/overview";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const auth = await authorizeRoute("Admin");
  if (!auth.ok) return auth.response;
  const { user } = auth.caller;
  return Response.json(await adminOverview({ userId: user.id, clinicId: user.clinicId }), {
    headers: { "Cache-Control": "no-store" },
  });
}
