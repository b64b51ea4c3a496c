// GET /api/health: to anyone, only that the app is up (load balancers and `npm start` wait on it).
// The report of the database and the platform (with the platform's address) goes to signed-in
// admins only: an anonymous caller learns nothing about where the app connects.
import { getCurrentUser } from "@/lib/auth/guards";
import { checkHealth } from "@/lib/health/check";

export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "no-store" };

export async function GET() {
  const user = await getCurrentUser().catch(() => null);
  if (!user?.isAdmin) return Response.json({ status: "up" }, { headers: NO_STORE });
  const report = await checkHealth();
  return Response.json(report, { status: report.status === "ok" ? 200 : 503, headers: NO_STORE });
}
