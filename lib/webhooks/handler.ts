// The webhook endpoint as a pure function of (raw body, signature header, dependencies) → { status,
// body }, so that every row of the test matrix runs without HTTP. Order matters: size, then the
// signature over the raw bytes, then JSON; nothing is stored unless all three pass. Answers to bad
// requests are deliberately generic: the reason goes to the log, never to the caller. Past those
// three, nothing is refused for its shape: a signed event whose data the database cannot keep (a
// NUL, nesting thousands deep) is stored with its data set aside and marked (lib/events/record.ts,
// DataIssue); an event naming no clinic is stored under NO_CLINIC; signed JSON that is no event we
// can read is kept raw for admins (lib/webhooks/unread.ts). Each is answered 200.
import "server-only";
import { z } from "zod";
import { StorableEventSchema } from "@/lib/events/record";
import type { StoreDelivery } from "@/lib/webhooks/delivery-store";
import { verifyWebhookSignature } from "@/lib/webhooks/signature";
import { unreadReason, type StoreUnread } from "@/lib/webhooks/unread";

/** Where the platform delivers (the route file's path; the app server answers it first). */
export const WEBHOOK_PATH = "/api/webhooks/clinic";
export const WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;

const IncomingPayloadSchema = z.looseObject({ event: StorableEventSchema });

export interface WebhookRequest {
  rawBody: string;
  signatureHeader: string | null;
}

export interface WebhookResponse {
  status: number;
  body: { challenge: string } | { error: string };
}

export interface WebhookDeps {
  /** Stores the delivery, answering once it is committed (lib/webhooks/delivery-store.ts). */
  storeDelivery: StoreDelivery;
  /** Keeps a signed JSON body that is not an event we can read (lib/webhooks/unread.ts). */
  storeUnread: StoreUnread;
  /** Current signing secret first, then the previous one while a rotation is under way. */
  secrets: readonly string[];
  challenge: string;
  /** Hands newly stored events to the job queue; a failure here is survivable (see the sweep). */
  enqueueProcessing(eventIds: string[]): Promise<void>;
  now?: () => Date;
  log?: (message: string, details?: Record<string, unknown>) => void;
}

const refuse = (status: number, error: string): WebhookResponse => ({ status, body: { error } });

export async function handleWebhook(request: WebhookRequest, deps: WebhookDeps): Promise<WebhookResponse> {
  const log = deps.log ?? (() => {});
  const ack: WebhookResponse = { status: 200, body: { challenge: deps.challenge } };
  if (Buffer.byteLength(request.rawBody, "utf8") > WEBHOOK_BODY_LIMIT_BYTES) return refuse(413, "payload too large");
  // The platform's endpoint verification carries no event: answer with the challenge, store nothing.
  if (request.rawBody.trim() === "") return ack;

  const now = (deps.now ?? (() => new Date()))();
  const check = verifyWebhookSignature({
    header: request.signatureHeader,
    rawBody: request.rawBody,
    secrets: deps.secrets,
    nowSeconds: Math.floor(now.getTime() / 1000),
  });
  if (!check.ok) {
    log("webhook refused", { reason: check.reason });
    return check.reason === "missing" || check.reason === "malformed"
      ? refuse(400, "invalid request")
      : refuse(401, "invalid request");
  }

  const payload = parseJson(request.rawBody);
  if (payload === undefined) {
    log("webhook refused", { reason: "not_json" });
    return refuse(400, "invalid request");
  }
  const parsed = IncomingPayloadSchema.safeParse(payload);
  if (!parsed.success) {
    const reason = unreadReason(payload);
    try {
      await deps.storeUnread({ rawBody: request.rawBody, reason, receivedAt: now });
    } catch (error) {
      log("webhook storage failed", { reason, error: error instanceof Error ? error.message : String(error) });
      return refuse(503, "temporarily unavailable");
    }
    log("webhook kept unread: not an event we can read", { reason });
    return ack;
  }
  const event = parsed.data.event; // its data is the object as sent (EventDataSchema keeps `__proto__`)

  let inserted: boolean;
  try {
    const stored = await deps.storeDelivery({ event, receivedAt: now, rawBody: request.rawBody });
    inserted = stored.inserted;
    if (stored.dataIssue)
      log("webhook event kept with its data set aside", { eventId: event.id, issue: stored.dataIssue });
    if (stored.otherClinic)
      log("duplicate delivery named another clinic; recorded under the first", { eventId: event.id });
  } catch (error) {
    // Not stored (or not known to be): a 5xx makes the platform retry, and the insert is idempotent.
    log("webhook storage failed", { eventId: event.id, error: error instanceof Error ? error.message : String(error) });
    return refuse(503, "temporarily unavailable");
  }
  if (inserted) {
    await deps.enqueueProcessing([event.id]).catch((error: unknown) => {
      log("webhook enqueue failed; the sweep will process it", { eventId: event.id, error: String(error) });
    });
  }
  return ack;
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}
