// The sandbox's control API (under /__sandbox/): request schemas shared by the sandbox and by tests
// that drive it. Not part of the real platform.
import { z } from "zod";
import { EventTypeSchema } from "./events";
import { PatchVersionSchema } from "./versions";

export const CONTROL_PREFIX = "/__sandbox";

export const ResetRequestSchema = z.strictObject({
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
});

export const WebhookEndpointRequestSchema = z.strictObject({
  url: z.url(),
  event_types: z.array(EventTypeSchema).min(1).optional(),
  signing_secret: z.string().min(8),
  challenge_token: z.string().min(1),
  /** Re-enables a disabled endpoint (also implied by registering again). */
  enabled: z.boolean().optional(),
  /** Sign with the sandbox clock (default) or the real wall clock. */
  signature_clock: z.enum(["sandbox", "wall"]).optional(),
});
export type WebhookEndpointRequest = z.infer<typeof WebhookEndpointRequestSchema>;

export const WebhookEndpointStateSchema = z.object({
  url: z.string(),
  event_types: z.array(EventTypeSchema),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  failing_since: z.string().nullable(),
  signature_clock: z.enum(["sandbox", "wall"]),
});

export const ActivityRequestSchema = z.strictObject({
  clinic_id: z.string().min(1),
  type: EventTypeSchema,
  /** Optional details, e.g. `{ "patient_id": "…" }` to update a given patient. */
  data: z.record(z.string(), z.unknown()).optional(),
  /**
   * true: the action is made through the API (patient.created only, as another integration creating a
   * patient would), so it changes state and creates no event (spec 6.1 rule 2).
   */
  through_api: z.boolean().optional(),
});
export type ActivityRequest = z.infer<typeof ActivityRequestSchema>;

export const RevokeClinicKeyRequestSchema = z.strictObject({ clinic_id: z.string().min(1) });
export const IssueClinicKeyRequestSchema = z.strictObject({ clinic_id: z.string().min(1) });
export const ForgetClinicRequestSchema = z.strictObject({ clinic_id: z.string().min(1) });
export const ClockAdvanceRequestSchema = z.strictObject({
  seconds: z
    .number()
    .min(0)
    .max(400 * 24 * 3600),
});
export const TimeScaleRequestSchema = z.strictObject({ scale: z.number().positive().max(1) });
/**
 * What an event list's items carry: `whole` events (the sandbox's default, as before), or `ids` alone,
 * as the platform's documentation describes lists (the details come from GET /api/events/{id}).
 */
export const EventListModeSchema = z.enum(["whole", "ids"]);
export type EventListMode = z.infer<typeof EventListModeSchema>;

export const AccountRequestSchema = z
  .strictObject({
    patch_version: PatchVersionSchema.optional(),
    /** false: the people lists (a sandbox extension) answer 404, as a platform without them would. */
    people_lists: z.boolean().optional(),
    event_lists: EventListModeSchema.optional(),
    /**
     * true: records carry only the fields the platform's documentation shows, single records come
     * bare, and paths neither the spec nor the documentation shows answer 404.
     */
    documented_records: z.boolean().optional(),
  })
  .refine(
    (v) =>
      v.patch_version !== undefined ||
      v.people_lists !== undefined ||
      v.event_lists !== undefined ||
      v.documented_records !== undefined,
    "give patch_version, people_lists, event_lists or documented_records",
  );
export const RateLimitRequestSchema = z.strictObject({
  limit: z.number().int().min(1).max(1_000_000),
  window_seconds: z.number().int().min(1).max(86_400).optional(),
});
export const RedirectUriRequestSchema = z.strictObject({ client_id: z.string().min(1), redirect_uri: z.url() });

const count = z.number().int().min(0).max(10_000);
/** Narrows a "next N" fault to requests whose path starts with `path_prefix` and, if given, to one method. */
const scope = {
  path_prefix: z.string().optional(),
  method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]).optional(),
};
/** Faults. "next N" forms are deterministic; `error_rate` uses the seeded random source. */
export const FaultsRequestSchema = z.strictObject({
  latency_ms: z.number().int().min(0).max(30_000).optional(),
  /** Each /api request's delay is latency_ms plus or minus up to this much, drawn evenly (seeded). */
  jitter_ms: z.number().int().min(0).max(30_000).optional(),
  error_rate: z.number().min(0).max(1).optional(),
  fail_next: z
    .strictObject({
      count,
      status: z.union([z.literal(500), z.literal(502), z.literal(503), z.literal(504)]).optional(),
      ...scope,
    })
    .optional(),
  rate_limit_next: z
    .strictObject({ count, retry_after: z.number().int().min(0).max(3600).optional(), ...scope })
    .optional(),
  drop_next: z.strictObject({ count, ...scope }).optional(),
  expire_tokens: z.literal(true).optional(),
  webhook_duplicate_next: count.optional(),
  webhook_reorder_next: count.optional(),
  webhook_delay_next: z.strictObject({ count, ms: z.number().int().min(0).max(600_000) }).optional(),
  webhook_drop_next: count.optional(),
  /** The next N delivery attempts fail as if the receiver had answered `status` (503 unless given), without reaching it. */
  webhook_fail_next: z
    .strictObject({
      count,
      status: z.union([z.literal(410), z.literal(500), z.literal(502), z.literal(503), z.literal(504)]).optional(),
    })
    .optional(),
  /** Clears every fault first. */
  clear: z.boolean().optional(),
});
export type FaultsRequest = z.infer<typeof FaultsRequestSchema>;

/**
 * One /api request as the sandbox saw it: arrival and the answer's end, in milliseconds since the
 * epoch with fractions (performance.timeOrigin + performance.now(), comparable across processes of
 * one machine). Benchmarks read these to find the calls made one after another.
 */
export interface TracedRequest {
  method: string;
  /** The route's pattern when one matched ("GET /api/patients"), else the path. */
  route: string;
  /** The path and query as requested. */
  target: string;
  status: number;
  start: number;
  end: number;
}

/** POST /__sandbox/trace: start recording each /api request's arrival and finish (clearing what was kept), or stop. */
export const TraceRequestSchema = z.strictObject({ record: z.boolean() });
