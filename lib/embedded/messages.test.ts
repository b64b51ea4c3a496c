import { describe, expect, it } from "vitest";
import { EMBED_MESSAGE_TYPES } from "@/lib/contract/session-grants";
import { acceptEmbedMessage, type IncomingMessage } from "@/lib/embedded/messages";

const PLATFORM = "http://127.0.0.1:4010";
const frame = { name: "the mounted iframe's window" };
const otherWindow = { name: "a popup of the platform's origin" };
const activated = { type: EMBED_MESSAGE_TYPES.activated, treatment_plan_id: "tp_1", patient_id: "pat_1" };

describe("acceptEmbedMessage", () => {
  it("accepts a known message from the mounted frame at the platform's origin", () => {
    expect(
      acceptEmbedMessage({ origin: PLATFORM, source: frame, data: activated }, { origin: PLATFORM, source: frame }),
    ).toEqual(activated);
  });

  const refused: Array<[string, IncomingMessage, unknown]> = [
    ["a foreign origin", { origin: "https://evil.example", source: frame, data: activated }, frame],
    ["the app's own origin", { origin: "http://localhost:3000", source: frame, data: activated }, frame],
    ["the platform's host on another port", { origin: "http://127.0.0.1:4011", source: frame, data: activated }, frame],
    ["another window of the platform's origin", { origin: PLATFORM, source: otherWindow, data: activated }, frame],
    ["no frame mounted", { origin: PLATFORM, source: frame, data: activated }, null],
    [
      "an unknown type",
      { origin: PLATFORM, source: frame, data: { type: "clinic.embed.navigate", url: "https://evil.example" } },
      frame,
    ],
    [
      "a known type with a missing field",
      { origin: PLATFORM, source: frame, data: { type: EMBED_MESSAGE_TYPES.activated, treatment_plan_id: "tp_1" } },
      frame,
    ],
    [
      "an error with an unknown code",
      { origin: PLATFORM, source: frame, data: { type: EMBED_MESSAGE_TYPES.error, code: "boom", message: "x" } },
      frame,
    ],
    ["a string", { origin: PLATFORM, source: frame, data: JSON.stringify(activated) }, frame],
    ["null", { origin: PLATFORM, source: frame, data: null }, frame],
  ];
  it.each(refused)("drops %s", (_name, event, source) =>
    expect(acceptEmbedMessage(event, { origin: PLATFORM, source })).toBeNull(),
  );
});
