// The embedded page's states, as a reducer: minting a grant, loading the platform's page with it
// (the library tokenizes the patient, then mounts the frame), open (the frame has loaded), or failed
// before the platform's page answered. The platform's page
// says nothing when it opens or refuses a grant (it only posts its two documented messages), so
// "open" means the frame loaded: a refused grant is told inside the frame by the platform itself,
// and a fresh session is always one click away. Every step carries the attempt it belongs to, so an
// answer for an earlier mount is ignored.
import type { EmbedSession, MintFailure } from "@/lib/embedded/session";

export type EmbedPhase =
  | { kind: "minting"; attempt: number }
  | { kind: "loading"; attempt: number; session: EmbedSession }
  | { kind: "open"; attempt: number; session: EmbedSession }
  | { kind: "failed"; attempt: number; failure: MintFailure };

export type EmbedStep =
  | { type: "restart" }
  | { type: "minted"; attempt: number; session: EmbedSession }
  | { type: "mint_failed"; attempt: number; failure: MintFailure }
  | { type: "loaded"; attempt: number }
  | { type: "mount_failed"; attempt: number }
  | { type: "silent"; attempt: number };

export const FIRST_PHASE: EmbedPhase = { kind: "minting", attempt: 1 };

export function embedReducer(phase: EmbedPhase, step: EmbedStep): EmbedPhase {
  if (step.type === "restart") return { kind: "minting", attempt: phase.attempt + 1 };
  if (step.attempt !== phase.attempt) return phase;
  switch (step.type) {
    case "minted":
      return phase.kind === "minting" ? { kind: "loading", attempt: phase.attempt, session: step.session } : phase;
    case "mint_failed":
      return phase.kind === "minting" ? { kind: "failed", attempt: phase.attempt, failure: step.failure } : phase;
    case "loaded":
      // The frame loads again when its page navigates: it stays open.
      return phase.kind === "loading" ? { kind: "open", attempt: phase.attempt, session: phase.session } : phase;
    case "silent":
    case "mount_failed":
      return phase.kind === "loading"
        ? {
            kind: "failed",
            attempt: phase.attempt,
            // A catalog key, said where the failure is shown (embedded-feature.tsx).
            failure: { error: step.type === "silent" ? "embedded.failures.silent" : "embedded.failures.mount" },
          }
        : phase;
  }
}
