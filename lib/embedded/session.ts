// What the mint route answers the embedded page: the iframe address of one fresh session grant, or
// why there is none. Shared by the route (server) and the page's client code, which parses it. The
// address carries the grant's secret_token: it lives only in the browser's memory for one mount.
// zod/mini, since the browser parses with it: the same checks without zod's classic API's weight.
import * as z from "zod/mini";

/** The app's route that mints a grant per mount (POST; answers `no-store`). */
export const EMBED_SESSION_ROUTE = "/embedded/session";

export const EmbedSessionSchema = z.object({
  src: z.url(),
  grant_id: z.string().check(z.minLength(1)),
  /** This mount's frame id, also in `src`: the frame's messages name it. */
  frame_id: z.string().check(z.minLength(1)),
  /** When the grant stops opening the feature, where the platform says. */
  expires_at: z.nullable(z.string()),
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
