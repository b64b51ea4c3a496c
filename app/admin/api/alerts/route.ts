// GET /admin/api/alerts: how many alerts need attention, for the header's count to poll. Admins of
// the clinic only: 401 signed out, 403 for other roles.
import { authorizeRoute } from "@/lib/auth";
import { alertCount } from "@/lib/alerts/view";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const auth = await authorizeRoute("Admin");
  if (!auth.ok) return auth.response;
  return Response.json(
    { needAttention: await alertCount(auth.caller.clinicId) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
