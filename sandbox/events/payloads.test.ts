// The sandbox's dosage sentence as the documented dosage object, which the app composes back.
import { describe, expect, it } from "vitest";
import { documentedDosage } from "./payloads";

describe("documentedDosage", () => {
  it.each([
    ["1 capsule daily", { amount: "1", format: "capsule", frequency: "daily" }],
    ["2 capsule(s) daily", { amount: "2", format: "capsule", frequency: "daily" }],
    ["2 capsules daily with food", { amount: "2", format: "capsule", frequency: "daily with food" }],
    ["1 capsule", { amount: "1", format: "capsule", frequency: null }],
    ["as needed", { amount: "as needed", format: null, frequency: null }],
  ])("%s", (sentence, fields) => {
    expect(documentedDosage(sentence)).toMatchObject({ ...fields, duration: null, time_of_day: [] });
  });

  it("no dosage is no amount", () => {
    expect(documentedDosage(null)).toMatchObject({ amount: null, format: null });
  });
});
