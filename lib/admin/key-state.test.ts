import { describe, expect, it } from "vitest";
import { clinicKeyState, CLOCK_SLACK_MS } from "@/lib/admin/key-state";
import { maskClinicKey } from "@/lib/format/clinic-key";

const setAt = new Date("2026-03-10T12:00:00Z");
const at = (minutes: number) => new Date(setAt.getTime() + minutes * 60_000);
const ev = (id: string, type: string, minutes: number) => ({ id, type, createdAt: at(minutes) });

describe("clinicKeyState", () => {
  const cases: Array<[string, Date | null, ReturnType<typeof ev>[], string, string | null]> = [
    ["no key entered", null, [ev("a", "clinic_key.activated", 1)], "not_entered", null],
    ["entered, nothing since", setAt, [], "waiting", null],
    [
      "only an earlier key's life",
      setAt,
      [ev("a", "clinic_key.activated", -60 * 24), ev("r", "clinic_key.revoked", -60)],
      "waiting",
      null,
    ],
    [
      "activated after entry",
      setAt,
      [ev("r", "clinic_key.revoked", -60), ev("a", "clinic_key.activated", 0.1)],
      "activated",
      "a",
    ],
    ["platform clock a few minutes behind", setAt, [ev("a", "clinic_key.activated", -3)], "activated", "a"],
    [
      "activated then revoked",
      setAt,
      [ev("a", "clinic_key.activated", 1), ev("r", "clinic_key.revoked", 30)],
      "revoked",
      "r",
    ],
    [
      "listed out of order",
      setAt,
      [ev("r", "clinic_key.revoked", 30), ev("a", "clinic_key.activated", 1)],
      "revoked",
      "r",
    ],
    [
      "revoked then a new key activated",
      setAt,
      [ev("a1", "clinic_key.activated", 1), ev("r", "clinic_key.revoked", 30), ev("a2", "clinic_key.activated", 40)],
      "activated",
      "a2",
    ],
    [
      "same instant: revocation wins",
      setAt,
      [ev("r", "clinic_key.revoked", 5), ev("a", "clinic_key.activated", 5)],
      "revoked",
      "r",
    ],
    ["other event types ignored", setAt, [ev("p", "patient.created", 5)], "waiting", null],
  ];
  it.each(cases)("%s", (_name, keySetAt, events, state, decidedBy) => {
    const result = clinicKeyState(keySetAt, events);
    expect(result.state).toBe(state);
    expect(result.decidedBy?.id ?? null).toBe(decidedBy);
  });

  it.each([
    ["a refusal after an activation", [ev("a", "clinic_key.activated", 1)], 10, "refused"],
    ["a refusal while waiting", [], 10, "refused"],
    ["a refusal of the key entered before this one", [ev("a", "clinic_key.activated", 1)], -5, "activated"],
    ["a revocation says more than a refusal", [ev("r", "clinic_key.revoked", 1)], 10, "revoked"],
    // The platform's clock 15 minutes ahead of ours: the activation's time is after the refusal, but
    // we received it before.
    [
      "a refusal after an activation stamped by a clock running ahead",
      [{ ...ev("a", "clinic_key.activated", 16), receivedAt: at(1) }],
      10,
      "refused",
    ],
    [
      "an activation received after the refusal",
      [{ ...ev("a", "clinic_key.activated", 16), receivedAt: at(12) }],
      10,
      "activated",
    ],
  ] as const)("%s", (_name, events, refusedAfterMinutes, state) => {
    const refusedAt = new Date(setAt.getTime() + refusedAfterMinutes * 60_000);
    expect(clinicKeyState(setAt, [...events], refusedAt).state).toBe(state);
  });

  it("ignores an activation older than the clock slack", () => {
    const old = { id: "a", type: "clinic_key.activated", createdAt: new Date(setAt.getTime() - CLOCK_SLACK_MS - 1) };
    expect(clinicKeyState(setAt, [old]).state).toBe("waiting");
  });
});

describe("maskClinicKey", () => {
  it("keeps only the last four characters", () => {
    const masked = maskClinicKey("ck_mn44wbnxidm77bfh2v23y4hl");
    expect(masked).toBe("••••••••y4hl");
    expect(masked).not.toContain("mn44");
  });
});
