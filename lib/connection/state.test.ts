import { describe, expect, it } from "vitest";
import { connectionView, type ConnectionFacts } from "./state";

const facts = (over: Partial<ConnectionFacts>): ConnectionFacts => ({
  keyState: "activated",
  webhookReceived: true,
  reconciled: true,
  clinicConnectionBroken: false,
  ...over,
});

describe("connectionView: what everyone is told about the clinic's connection", () => {
  it.each<[string, Partial<ConnectionFacts>, string, string | null, string[]]>([
    [
      "a new clinic",
      { keyState: "not_entered", webhookReceived: false, reconciled: false },
      "setting-up",
      null,
      ["clinicKey", "firstWebhook", "firstReconciliation"],
    ],
    [
      "a key waiting for activation",
      { keyState: "waiting", webhookReceived: false },
      "setting-up",
      null,
      ["clinicKey", "firstWebhook"],
    ],
    [
      "activated, nothing received yet",
      { webhookReceived: false, reconciled: false },
      "connected",
      null,
      ["firstWebhook", "firstReconciliation"],
    ],
    ["activated and reconciled, no webhook yet", { webhookReceived: false }, "connected", null, ["firstWebhook"]],
    ["every step done", {}, "connected", null, []],
    ["the clinic revoked the key", { keyState: "revoked" }, "broken", "key-revoked", ["clinicKey"]],
    ["the platform refuses the stored key", { keyState: "refused" }, "broken", "key-refused", ["clinicKey"]],
    ["the clinic-level connection broke", { clinicConnectionBroken: true }, "broken", "clinic-connection", []],
  ])("%s", (_name, over, status, because, open) => {
    const view = connectionView(facts(over));
    expect(view.status).toBe(status);
    expect(view.brokenBecause).toBe(because);
    // The checklist lists every step while one is open, and the open ones are those expected.
    expect(view.steps.filter((s) => !s.done).map((s) => s.key)).toEqual(open);
    if (open.length > 0) expect(view.steps).toHaveLength(3);
  });
});
