// The webhook endpoint wired to the app: the process's database, configuration and job queue around
// the pure handler. The route file only adapts HTTP to this.
import "server-only";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db";
import { getBoss } from "@/lib/jobs/boss";
import { enqueueEventProcessing } from "@/lib/jobs/enqueue";
import { createBatchingEnqueuer } from "@/lib/jobs/batching-enqueuer";
import { handleWebhook, WEBHOOK_BODY_LIMIT_BYTES, type WebhookResponse } from "@/lib/webhooks/handler";
import { readTextCapped } from "@/lib/http/capped-body";
import { HEADERS } from "@/lib/contract";

const log = (message: string, details?: Record<string, unknown>) => console.warn(`[webhooks] ${message}`, details ?? {});

// One per process: the platform waits about 2 s for the answer, so the queue is never on its path.
const enqueueProcessing = createBatchingEnqueuer({
  send: (ids) => getBoss().then((boss) => enqueueEventProcessing(boss, ids)),
  log,
});

export async function receiveWebhook(request: Request): Promise<WebhookResponse> {
  const rawBody = await readTextCapped(request, WEBHOOK_BODY_LIMIT_BYTES);
  if (rawBody === null) return { status: 413, body: { error: "payload too large" } };
  const config = getConfig();
  return handleWebhook(
    { rawBody, signatureHeader: request.headers.get(HEADERS.signature) },
    {
      db,
      secrets: [config.webhookSecret, ...(config.webhookSecretPrevious ? [config.webhookSecretPrevious] : [])],
      challenge: config.webhookChallenge,
      enqueueProcessing: async (ids) => enqueueProcessing(ids),
      log,
    },
  );
}
