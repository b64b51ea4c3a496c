// The embedded page's states, as a reducer: minting a grant, loading the platform's page with it,
// ready, refused by the platform (the grant is spent), or failed before the platform answered.
// Every step carries the attempt it belongs to, so an answer for an earlier mount is ignored.
import type { UserRef } from "@/lib/contract/common";
import type { RefusalCode } from "@/lib/embedded/messages";
import type { EmbedSession, MintFailure } from "@/lib/embedded/session";

export type EmbedPhase =
  | { kind: "minting"; attempt: number }
  | { kind: "loading"; attempt: number; session: EmbedSession }
  | { kind: "ready"; attempt: number; session: EmbedSession; user: UserRef }
  | { kind: "refused"; attempt: number; code: RefusalCode }
  | { kind: "failed"; attempt: number; failure: MintFailure };

export type EmbedStep =
  | { type: "restart" }
  | { type: "minted"; attempt: number; session: EmbedSession }
  | { type: "mint_failed"; attempt: number; failure: MintFailure }
  | { type: "ready"; attempt: number; grantId: string; user: UserRef }
  | { type: "refused"; attempt: number; code: RefusalCode }
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
    case "ready":
      // A ready message for another grant is not this mount's.
      return phase.kind === "loading" && phase.session.grant_id === step.grantId
        ? { kind: "ready", attempt: phase.attempt, session: phase.session, user: step.user }
        : phase;
    case "refused":
      return phase.kind === "loading" || phase.kind === "ready"
        ? { kind: "refused", attempt: phase.attempt, code: step.code }
        : phase;
    case "silent":
      return phase.kind === "loading"
        ? {
            kind: "failed",
            attempt: phase.attempt,
            // A catalog key, said where the failure is shown (embedded-feature.tsx).
            failure: { error: "embedded.failures.silent" },
          }
        : phase;
  }
}
