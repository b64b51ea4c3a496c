// The embedded feature's page address and postMessage protocol (spec 3). Read by the browser (the
// embedded page checks every message from the platform's frame), so its schema is zod/mini: the
// same checks at a fraction of the weight of zod's classic API.
import * as z from "zod/mini";
import { USER_TYPES } from "./user-types";

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

/** Messages from the platform's page are untrusted input: each must match one of these exactly. */
const UserRef = z.object({ id: z.string().check(z.minLength(1)), type: z.enum(USER_TYPES) });
export const EmbedMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal(EMBED_MESSAGE_TYPES.ready), grant_id: z.string(), user: UserRef }),
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
  z.object({ type: z.literal(EMBED_MESSAGE_TYPES.resize), height: z.int().check(z.minimum(0)) }),
]);
export type EmbedMessage = z.infer<typeof EmbedMessageSchema>;
