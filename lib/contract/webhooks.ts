// Webhooks (spec 2.5, 4.5, 6.2, 6.3): payload, signature header, delivery records and their query.
import { z } from "zod";
import { TimestampSchema } from "./common";
import { DateFilterStringSchema } from "./date-filter-schema";
import { EventRecordSchema } from "./events";
import { PageQuerySchema, PaginationMetaSchema } from "./pagination";

/** Delivery body: `{"event":{...}}`. */
export const WebhookPayloadSchema = z.object({ event: EventRecordSchema });
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;

/** The receiver's acknowledgement body: `{"challenge":"<token>"}` with status 200 or 201. */
export const WebhookAckSchema = z.object({ challenge: z.string() });

export const WEBHOOK_MAX_ATTEMPTS = 6;
/** Waits before attempts 2..6 (the sandbox's choice; the spec does not publish them). */
export const WEBHOOK_BACKOFF_SECONDS = [60, 300, 1800, 3600, 18000] as const;
export const WEBHOOK_TIMEOUT_MS = 2000;
/** Failing for longer than this disables the endpoint (spec 6.2.10). */
export const WEBHOOK_DISABLE_AFTER_SECONDS = 24 * 3600;
/** Recommended tolerance for the signature timestamp (spec 6.3). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Parses `t=<unix>,v1=<hex>` (several v1 entries allowed, e.g. during secret rotation). */
export function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) return null;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t" && /^\d+$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/** The message that is signed: `<timestamp>.<raw body>`. */
export function signedPayload(timestamp: number, rawBody: string): string {
  return `${timestamp}.${rawBody}`;
}

/**
 * One delivery attempt. The spec names no field of the record; it says a delivery is filtered by
 * `event_id`, `attempted_at` and whether it was `successfully_delivered`, and reports the attempts,
 * the response and the status code. Only those three filter fields are required; the rest is the
 * sandbox's and optional, and unknown keys are kept.
 */
export const WebhookDeliverySchema = z.looseObject({
  event_id: z.string(),
  attempted_at: TimestampSchema,
  successfully_delivered: z.boolean(),
  id: z.string().optional(),
  event_type: z.string().nullable().optional(),
  /** Absent: the list the platform gave for this clinic's token is taken as the clinic's. */
  clinic_id: z.string().nullable().optional(),
  url: z.string().nullable().optional(),
  attempt: z.number().int().min(1).nullable().optional(),
  status_code: z.number().int().nullable().optional(),
  /** First 500 characters of the receiver's answer. */
  response_body: z.string().nullable().optional(),
  /** Why the attempt failed: "timeout", "challenge_mismatch", "status_410", "connection_error: …". */
  error: z.string().nullable().optional(),
  duration_ms: z.number().min(0).nullable().optional(),
  /** When the next attempt is due, null when none will follow. */
  next_attempt_at: TimestampSchema.nullable().optional(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** Whether a delivery the platform listed belongs to `clinicId` (one without a clinic id is taken as the caller's). */
export const deliveryOfClinic = (delivery: Pick<WebhookDelivery, "clinic_id">, clinicId: string): boolean =>
  delivery.clinic_id == null || delivery.clinic_id === clinicId;

export const WebhookDeliveryListResponseSchema = z.looseObject({
  deliveries: z.array(WebhookDeliverySchema),
  meta: PaginationMetaSchema,
});
export type WebhookDeliveryListResponse = z.infer<typeof WebhookDeliveryListResponseSchema>;

export const DELIVERIES_PATH = "/api/webhooks/deliveries";

/** Query of spec 4.5; unknown parameters are refused. */
export const DeliveryListQuerySchema = z.strictObject({
  attempted_at: DateFilterStringSchema.optional(),
  event_id: z.string().min(1).optional(),
  successfully_delivered: z.enum(["true", "false"]).optional(),
  sort_by: z.enum(["event_id", "attempted_at"]).optional(),
  order_by: z.enum(["ASC", "DESC"]).optional(),
  ...PageQuerySchema.shape,
});
export type DeliveryListQuery = z.infer<typeof DeliveryListQuerySchema>;
