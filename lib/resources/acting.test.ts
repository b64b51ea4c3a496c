import { describe, expect, it } from "vitest";
import { actingRule, type ActingSubject } from "./acting";

const practitioner: ActingSubject = { platformUserId: "prac_a", platformUserType: "Practitioner" };
const staff: ActingSubject = { platformUserId: "staff_1", platformUserType: "Staff" };

describe("actingRule", () => {
  it.each([
    ["practitioner, nothing asked", practitioner, undefined, { kind: "self", practitionerId: "prac_a" }],
    ["practitioner, themself", practitioner, "prac_a", { kind: "self", practitionerId: "prac_a" }],
    ["practitioner, a colleague", practitioner, "prac_b", { kind: "deny" }],
    ["practitioner, a staff id", practitioner, "staff_1", { kind: "deny" }],
    ["staff, nothing picked yet", staff, undefined, { kind: "choose" }],
    [
      "staff, a practitioner (clinic checked next)",
      staff,
      "prac_b",
      { kind: "check-clinic", practitionerId: "prac_b" },
    ],
  ] as const)("%s", (_label, user, requested, expected) => {
    expect(actingRule(user, requested)).toEqual(expected);
  });
});
