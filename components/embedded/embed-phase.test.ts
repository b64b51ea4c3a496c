import { describe, expect, it } from "vitest";
import { embedReducer, FIRST_PHASE, type EmbedPhase, type EmbedStep } from "@/components/embedded/embed-phase";

const session = {
  src: "http://127.0.0.1:4010/embed?secret_token=sgt_x&origin=http%3A%2F%2Flocalhost%3A3000",
  grant_id: "sg_1",
  expires_at: "2025-01-01T00:02:00.000Z",
};
const user = { id: "prac_1", type: "Practitioner" as const };
const loading: EmbedPhase = { kind: "loading", attempt: 1, session };
const ready: EmbedPhase = { kind: "ready", attempt: 1, session, user };

describe("embedReducer", () => {
  const cases: Array<[string, EmbedPhase, EmbedStep, EmbedPhase]> = [
    ["a minted grant starts loading", FIRST_PHASE, { type: "minted", attempt: 1, session }, loading],
    [
      "a failed mint is shown",
      FIRST_PHASE,
      { type: "mint_failed", attempt: 1, failure: { error: "no" } },
      { kind: "failed", attempt: 1, failure: { error: "no" } },
    ],
    ["ready for this grant", loading, { type: "ready", attempt: 1, grantId: "sg_1", user }, ready],
    ["ready for another grant is ignored", loading, { type: "ready", attempt: 1, grantId: "sg_other", user }, loading],
    [
      "a refusal while loading",
      loading,
      { type: "refused", attempt: 1, code: "grant_expired" },
      { kind: "refused", attempt: 1, code: "grant_expired" },
    ],
    [
      "a refusal after ready (the frame was reloaded)",
      ready,
      { type: "refused", attempt: 1, code: "grant_used" },
      { kind: "refused", attempt: 1, code: "grant_used" },
    ],
    [
      "a step of an earlier attempt is ignored",
      { kind: "minting", attempt: 2 },
      { type: "minted", attempt: 1, session },
      { kind: "minting", attempt: 2 },
    ],
    [
      "a late refusal of an earlier mount is ignored",
      { ...loading, attempt: 2 },
      { type: "refused", attempt: 1, code: "grant_used" },
      { ...loading, attempt: 2 },
    ],
    [
      "silence while loading fails",
      loading,
      { type: "silent", attempt: 1 },
      { kind: "failed", attempt: 1, failure: { error: "embedded.failures.silent" } },
    ],
    ["silence after ready changes nothing", ready, { type: "silent", attempt: 1 }, ready],
    [
      "restart mints again under a new attempt",
      { kind: "refused", attempt: 3, code: "grant_used" },
      { type: "restart" },
      { kind: "minting", attempt: 4 },
    ],
  ];
  it.each(cases)("%s", (_name, phase, step, expected) => expect(embedReducer(phase, step)).toEqual(expected));
});
