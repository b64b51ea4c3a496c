// The webhook endpoint wired to the app: the process's pool, configuration and job queue around the
// pure handler. The app server (lib/server/app-server.ts, what `npm start` and `npm run dev` run)
// hands a Node.js request and response to serveNodeWebhook, before Next.js's pipeline. The route
// file (app/api/webhooks/clinic) passes a Fetch Request to the same handler: only under a bare
// `next start`, the benchmark's comparison (behind the app server it sees no POST, and answers the
// other methods 405).
import "server-only";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { getConfig } from "@/lib/config";
import { systemPool } from "@/lib/db/pool";
import { getBoss } from "@/lib/queue/boss";
import { enqueueEventProcessing } from "@/lib/queue/enqueue";
import { createBatchingEnqueuer } from "@/lib/queue/batching-enqueuer";
import { createDeliveryStore, type StoreDelivery } from "@/lib/webhooks/delivery-store";
import { createUnreadStore, type StoreUnread } from "@/lib/webhooks/unread";
import { trackIngestWrite } from "@/lib/health/process-state";
import { handleWebhook, WEBHOOK_BODY_LIMIT_BYTES, type WebhookResponse } from "@/lib/webhooks/handler";
import { readNodeTextCapped, readTextCapped } from "@/lib/http/capped-body";
import { refuseUnreadBody } from "@/lib/http/linger";
import { log } from "@/lib/log/logger";
import { countWebhookAnswer, countWebhookRefusal, countWebhookStored } from "@/lib/metrics/webhooks";

const warn = (message: string, details?: Record<string, unknown>) => {
  if (message === "webhook refused") countWebhookRefusal(details?.reason);
  log.warn(`webhooks: ${message}`, details);
};

// One per module copy (so one or two per process): the platform waits about 2 s for the answer, so
// the queue is never on its path.
const enqueueProcessing = createBatchingEnqueuer({
  send: (ids) => getBoss().then((boss) => enqueueEventProcessing(boss, ids)),
  log: warn,
});

// One per module copy too, made on the first delivery (the pool is made on first use).
let deliveryStore: StoreDelivery | undefined;
const storeDelivery: StoreDelivery = async (delivery) => {
  const stored = await trackIngestWrite(() => (deliveryStore ??= createDeliveryStore(systemPool()))(delivery));
  countWebhookStored(stored.inserted);
  return stored;
};

const storeUnread: StoreUnread = (delivery) => trackIngestWrite(() => createUnreadStore(systemPool())(delivery));

const TOO_LARGE: WebhookResponse = { status: 413, body: { error: "payload too large" } };

function answer(rawBody: string, signatureHeader: string | null): Promise<WebhookResponse> {
  const config = getConfig();
  return handleWebhook(
    { rawBody, signatureHeader },
    {
      storeDelivery,
      storeUnread,
      secrets: [config.webhookSecret, ...(config.webhookSecretPrevious ? [config.webhookSecretPrevious] : [])],
      challenge: config.webhookChallenge,
      enqueueProcessing: async (ids) => enqueueProcessing(ids),
      log: warn,
    },
  );
}

export async function receiveWebhook(request: Request): Promise<WebhookResponse> {
  const startedAt = performance.now();
  const rawBody = await readTextCapped(request, WEBHOOK_BODY_LIMIT_BYTES);
  const response = await (rawBody === null
    ? TOO_LARGE
    : answer(rawBody, request.headers.get(getConfig().headerNames.signature)));
  countWebhookAnswer(response.status, startedAt);
  return response;
}

/** Rejects only when the client went away before its body ended (there is nobody to answer). */
async function receiveNodeWebhook(request: IncomingMessage): Promise<WebhookResponse> {
  const rawBody = await readNodeTextCapped(request, WEBHOOK_BODY_LIMIT_BYTES);
  // The configured name (the spec's by default, the real servers' own when set): lib/config.ts.
  const header = request.headers[getConfig().headerNames.signature.toLowerCase()];
  // Node joins repeated headers with ", " for most names; an array only for a few (set-cookie).
  return rawBody === null ? TOO_LARGE : answer(rawBody, typeof header === "string" ? header : null);
}

/** Reads, handles and answers a delivery on Node.js's own request and response (never throws). */
export async function serveNodeWebhook(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const startedAt = performance.now();
  let answer: WebhookResponse;
  try {
    answer = await receiveNodeWebhook(req);
  } catch (error) {
    // The client left mid-body (nobody to answer), or a fault of ours: the reason goes to the log only.
    if (req.destroyed || res.destroyed) return;
    log.error("webhooks: delivery failed", { err: error });
    answer = { status: 500, body: { error: "internal error" } };
  }
  if (res.destroyed) return;
  countWebhookAnswer(answer.status, startedAt);
  const text = JSON.stringify(answer.body);
  const headers: OutgoingHttpHeaders = {
    "content-type": "application/json",
    "cache-control": "no-store",
    "content-length": Buffer.byteLength(text),
  };
  if (answer.status !== 413) return void res.writeHead(answer.status, headers).end(text);
  refuseUnreadBody(req, res, 413, headers, text); // most of the body may still be on its way
}
