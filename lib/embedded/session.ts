// What the mint route answers the embedded page: what the platform's embed library needs to open a
// feature for one fresh session grant (its secret token, the application's public key, the
// platform's web origin) and the patient to pass it, or why there is none. Shared by the route
// (server) and the page's client code, which parses it. The secret token lives only in the
// browser's memory for one mount. zod/mini, since the browser parses with it: the same checks
// without zod's classic API's weight.
import * as z from "zod/mini";
import { EMBED_ENTRYPOINTS, type EmbedEntrypoint } from "@/lib/contract/embed";

/** The app's route that mints a grant per mount (POST; answers `no-store`). */
export const EMBED_SESSION_ROUTE = "/embedded/session";

const Text = z.optional(z.string().check(z.minLength(1)));

/** The patient as the library takes one (`patient: {id, firstName, …}`): only what the app knows. */
export const EmbedPatientOptionsSchema = z.object({
  id: z.string().check(z.minLength(1)),
  firstName: Text,
  lastName: Text,
  email: Text,
  dateOfBirth: Text,
});
export type EmbedPatientOptions = z.infer<typeof EmbedPatientOptionsSchema>;

export const EmbedSessionSchema = z.object({
  /** The grant's secret: the library puts it in the frame's address. */
  secret_token: z.string().check(z.minLength(1)),
  /** The application's public key (CLINIC_EMBED_PUBLIC_KEY). */
  public_key: z.string().check(z.minLength(1)),
  /** The platform's web origin: the library's `domain`, where it opens pages and tokenizes. */
  web_origin: z.url(),
  grant_id: z.string().check(z.minLength(1)),
  /** When the grant stops opening the feature, where the platform says. */
  expires_at: z.nullable(z.string()),
  /** The patient the page was opened for, with the details the app has; null when none. */
  patient: z.nullable(EmbedPatientOptionsSchema),
});
export type EmbedSession = z.infer<typeof EmbedSessionSchema>;

export const MintFailureSchema = z.object({
  error: z.string(),
  /** Where to sign in again when the platform connection needs it. */
  reconnect: z.optional(z.string().check(z.startsWith("/"))),
});
export type MintFailure = z.infer<typeof MintFailureSchema>;

/** `?patient=` from the patients list: a platform id, or nothing when it is not one. */
export const PatientParamSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));

/** Which of the library's features a page mounts: the builder, or the platform feature at an entry point. */
export type EmbedFeature = { type: "treatmentPlan" } | { type: "platform"; entrypoint: EmbedEntrypoint };

/** `?entrypoint=` of the platform feature's page: catalog unless it says labs. */
export function entrypointOf(raw: unknown): EmbedEntrypoint {
  return EMBED_ENTRYPOINTS.find((e) => e === raw) ?? "catalog";
}
