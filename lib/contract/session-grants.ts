// Session grants (spec 2.3, 3, 4.3) and the embedded feature's page and postMessage protocol.
import { z } from "zod";
import { TimestampSchema, UserRefSchema, UserTypeSchema } from "./common";

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

/**
 * The embedded feature: an iframe of `${base}${EMBED_PATH}?secret_token=…&origin=<parent origin>`.
 * The page claims the grant and talks to the parent only with postMessage to that origin.
 */
export const EMBED_PATH = "/embed";
export function embedUrl(baseUrl: string, secretToken: string, parentOrigin: string): string {
  const q = new URLSearchParams({ secret_token: secretToken, origin: parentOrigin });
  return `${baseUrl.replace(/\/+$/, "")}${EMBED_PATH}?${q.toString()}`;
}

/**
 * The embed page's address opening on one patient (`patient_id`): the builder preselects them when
 * they belong to the grant's clinic and ignores the parameter otherwise. Added by the browser, which
 * knows which patient the user came for; the grant itself is not tied to a patient.
 */
export function embedUrlForPatient(src: string, patientId: string | null): string {
  if (!patientId) return src;
  const url = new URL(src);
  url.searchParams.set("patient_id", patientId);
  return url.toString();
}

export const EMBED_MESSAGE_TYPES = {
  ready: "clinic.embed.ready",
  draftSaved: "clinic.embed.treatment_plan.draft_saved",
  activated: "clinic.embed.treatment_plan.activated",
  error: "clinic.embed.error",
  resize: "clinic.embed.resize",
} as const;

export const EmbedMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal(EMBED_MESSAGE_TYPES.ready), grant_id: z.string(), user: UserRefSchema }),
  z.object({
    type: z.literal(EMBED_MESSAGE_TYPES.draftSaved),
    treatment_plan_id: z.string(),
    patient_id: z.string(),
  }),
  z.object({
    type: z.literal(EMBED_MESSAGE_TYPES.activated),
    treatment_plan_id: z.string(),
    patient_id: z.string(),
  }),
  z.object({
    type: z.literal(EMBED_MESSAGE_TYPES.error),
    code: z.enum(["grant_expired", "grant_used", "grant_unknown", "origin_refused", "action_failed"]),
    message: z.string(),
  }),
  z.object({ type: z.literal(EMBED_MESSAGE_TYPES.resize), height: z.number().int().min(0) }),
]);
export type EmbedMessage = z.infer<typeof EmbedMessageSchema>;
