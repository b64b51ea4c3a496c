// Session grants (spec 2.3, 3, 4.3) and the embedded feature's page and postMessage protocol.
import { z } from "zod";
import { TimestampSchema, UserRefSchema, UserTypeSchema } from "./common";

export * from "./embed";

export const SESSION_GRANTS_PATH = "/api/clinic/embeddable/session_grants";
export const SESSION_GRANT_LIFETIME_SECONDS = 120;

/** Body: both fields required with clinic-level OAuth, omitted with role-based OAuth. */
export const SessionGrantRequestSchema = z.object({
  user_id: z.string().min(1).optional(),
  user_type: UserTypeSchema.optional(),
});
export type SessionGrantRequest = z.infer<typeof SessionGrantRequestSchema>;

export const SessionGrantSchema = z.object({
  id: z.string(),
  claimed_at: TimestampSchema.nullable(),
  expires_at: TimestampSchema,
  secret_token: z.string(),
  user: UserRefSchema,
});
export type SessionGrant = z.infer<typeof SessionGrantSchema>;

/** Response: `{"session_grant": {...}}`. */
export const SessionGrantResponseSchema = z.object({ session_grant: SessionGrantSchema });
