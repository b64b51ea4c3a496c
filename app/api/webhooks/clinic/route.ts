// POST /api/webhooks/clinic: the platform's signed event deliveries (logic in lib/webhooks). The app
// server answers them before Next.js (lib/server/app-server.ts); this route serves a bare `next start`
// (the benchmark's comparison) and, by being here, answers the other methods 405.
import { receiveWebhook } from "@/lib/webhooks/endpoint";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const { status, body } = await receiveWebhook(request);
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}
