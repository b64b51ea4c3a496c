// POST /api/webhooks/clinic: the platform's signed event deliveries (logic in lib/webhooks).
import { receiveWebhook } from "@/lib/webhooks/endpoint";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const { status, body } = await receiveWebhook(request);
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}
