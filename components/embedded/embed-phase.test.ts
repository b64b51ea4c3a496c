import { describe, expect, it } from "vitest";
import { embedReducer, FIRST_PHASE, type EmbedPhase, type EmbedStep } from "@/components/embedded/embed-phase";

const session = {
  secret_token: "sgt_x",
  public_key: "pk",
  web_origin: "http://127.0.0.1:4010",
  grant_id: "sg_1",
  expires_at: "2025-01-01T00:02:00.000Z",
  patient: { id: "pat_1", firstName: "Ada" },
};
const loading: EmbedPhase = { kind: "loading", attempt: 1, session };
const open: EmbedPhase = { kind: "open", attempt: 1, session };

describe("embedReducer", () => {
  const cases: Array<[string, EmbedPhase, EmbedStep, EmbedPhase]> = [
    ["a minted grant starts loading", FIRST_PHASE, { type: "minted", attempt: 1, session }, loading],
    [
      "a failed mint is shown",
      FIRST_PHASE,
      { type: "mint_failed", attempt: 1, failure: { error: "no" } },
      { kind: "failed", attempt: 1, failure: { error: "no" } },
    ],
    ["the frame loaded: open", loading, { type: "loaded", attempt: 1 }, open],
    ["the frame loaded again (its page navigated): still open", open, { type: "loaded", attempt: 1 }, open],
    ["a load before the grant was minted changes nothing", FIRST_PHASE, { type: "loaded", attempt: 1 }, FIRST_PHASE],
    [
      "a step of an earlier attempt is ignored",
      { kind: "minting", attempt: 2 },
      { type: "minted", attempt: 1, session },
      { kind: "minting", attempt: 2 },
    ],
    [
      "a late load of an earlier mount is ignored",
      { ...loading, attempt: 2 },
      { type: "loaded", attempt: 1 },
      { ...loading, attempt: 2 },
    ],
    [
      "silence while loading fails",
      loading,
      { type: "silent", attempt: 1 },
      { kind: "failed", attempt: 1, failure: { error: "embedded.failures.silent" } },
    ],
    ["silence once open changes nothing", open, { type: "silent", attempt: 1 }, open],
    [
      "the library could not mount the frame",
      loading,
      { type: "mount_failed", attempt: 1 },
      { kind: "failed", attempt: 1, failure: { error: "embedded.failures.mount" } },
    ],
    ["a late mount failure once open changes nothing", open, { type: "mount_failed", attempt: 1 }, open],
    [
      "restart mints again under a new attempt",
      { kind: "open", attempt: 3, session },
      { type: "restart" },
      { kind: "minting", attempt: 4 },
    ],
  ];
  it.each(cases)("%s", (_name, phase, step, expected) => expect(embedReducer(phase, step)).toEqual(expected));
});
