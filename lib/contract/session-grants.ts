// Session grants (spec 2.3, 3, 4.3) and the embedded feature's page and postMessage protocol (embed.ts).
import { z } from "zod";
import { TimestampSchema, UserTypeSchema } from "./common";

export * from "./embed";

export const SESSION_GRANTS_PATH = "/api/clinic/embeddable/session_grants";
export const SESSION_GRANT_LIFETIME_SECONDS = 120;

/** Body: both fields required with clinic-level OAuth, omitted with role-based OAuth. */
export const SessionGrantRequestSchema = z.object({
  user_id: z.string().min(1).optional(),
  user_type: UserTypeSchema.optional(),
});
export type SessionGrantRequest = z.infer<typeof SessionGrantRequestSchema>;

/**
 * The grant (spec 2.3; the documentation's example shows the same fields). Only `id` and
 * `secret_token` are needed to open the feature; the rest is read when sent, unknown keys kept.
 */
export const SessionGrantSchema = z.looseObject({
  id: z.string().min(1),
  secret_token: z.string().min(1),
  claimed_at: TimestampSchema.nullable().optional(),
  expires_at: TimestampSchema.optional(),
  // Spec 2.3's user; read loosely, since nothing here depends on it.
  user: z.looseObject({ id: z.string(), type: z.string() }).optional(),
});
export type SessionGrant = z.infer<typeof SessionGrantSchema>;

/**
 * Response: the bare grant object (spec 4.3 "a session grant object"; the documentation's example
 * has no wrapper). A `{"session_grant": {...}}` wrapper, which this app once assumed, is read too.
 */
export const SessionGrantResponseSchema = z.union([
  SessionGrantSchema,
  z.looseObject({ session_grant: SessionGrantSchema }).transform((r) => r.session_grant),
]);
