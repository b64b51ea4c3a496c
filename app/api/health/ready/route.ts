// GET /api/health/ready: readiness for a load balancer or an orchestrator, 200 when this process may
// take traffic and 503 when not (lib/health/readiness.ts). The answer says only that, to anyone:
// which check failed is in the server's log.
import { pool } from "@/lib/db/pool";
import { checkReadiness, shippedMigrations } from "@/lib/health/readiness";

export const dynamic = "force-dynamic";

const HEADERS = { "Cache-Control": "no-store" };

export async function GET() {
  const readiness = await checkReadiness({ sql: pool(), expectedMigrations: () => shippedMigrations() });
  return Response.json(
    { status: readiness.ready ? "ready" : "not ready" },
    { status: readiness.ready ? 200 : 503, headers: HEADERS },
  );
}
