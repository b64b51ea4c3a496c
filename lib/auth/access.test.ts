// The access table every guard applies: one row per caller and attempt, and the answer it must get.
import { describe, expect, it } from "vitest";
import { decideAccess, type AccessDecision, type AccessSubject } from "@/lib/auth/access";
import { roleOf, rolesOf, type AppRole } from "@/lib/people/roles";

const practitionerA: AccessSubject = { clinicId: "clinic-a", isAdmin: false, platformUserType: "Practitioner" };
const staffA: AccessSubject = { clinicId: "clinic-a", isAdmin: false, platformUserType: "Staff" };
const adminA: AccessSubject = { clinicId: "clinic-a", isAdmin: true, platformUserType: "Staff" };
const adminPractitionerB: AccessSubject = { clinicId: "clinic-b", isAdmin: true, platformUserType: "Practitioner" };

describe("decideAccess", () => {
  const rows: Array<[string, AccessSubject | null, AppRole[], string | undefined, AccessDecision]> = [
    ["nobody signed in, any page", null, [], undefined, "sign-in"],
    ["nobody signed in, admin page", null, ["Admin"], undefined, "sign-in"],
    ["practitioner, any signed-in page", practitionerA, [], undefined, "allow"],
    ["practitioner, practitioner page", practitionerA, ["Practitioner"], undefined, "allow"],
    ["practitioner, admin page", practitionerA, ["Admin"], undefined, "deny"],
    ["practitioner, staff page", practitionerA, ["Staff"], undefined, "deny"],
    ["staff, practitioner page", staffA, ["Practitioner"], undefined, "deny"],
    ["staff, staff-or-admin page", staffA, ["Staff", "Admin"], undefined, "allow"],
    ["admin (staff), admin page", adminA, ["Admin"], undefined, "allow"],
    ["admin (staff), practitioner page", adminA, ["Practitioner"], undefined, "deny"],
    ["admin (practitioner), practitioner page", adminPractitionerB, ["Practitioner"], undefined, "allow"],
    ["own clinic's record", practitionerA, [], "clinic-a", "allow"],
    ["another clinic's record", practitionerA, [], "clinic-b", "deny"],
    ["another clinic's record, as an admin", adminA, ["Admin"], "clinic-b", "deny"],
    ["admin of B, clinic A's connection", adminPractitionerB, ["Admin"], "clinic-a", "deny"],
    ["right role, wrong clinic", staffA, ["Staff"], "clinic-b", "deny"],
    ["empty clinic id is not a wildcard", practitionerA, [], "", "deny"],
  ];
  it.each(rows)("%s", (_name, user, roles, clinicId, expected) => {
    expect(decideAccess(user, roles, clinicId)).toBe(expected);
  });
});

describe("roles", () => {
  it.each([
    [practitionerA, ["Practitioner"], "Practitioner"],
    [staffA, ["Staff"], "Staff"],
    [adminA, ["Admin", "Staff"], "Admin"],
    [adminPractitionerB, ["Admin", "Practitioner"], "Admin"],
  ] as const)("%o", (user, roles, primary) => {
    expect(rolesOf(user)).toEqual(roles);
    expect(roleOf(user)).toBe(primary);
  });
});
