// Whose resources a caller may act on, as a pure rule the server actions and the upload route both
// apply before the platform is asked: a practitioner only their own; staff any practitioner of
// their clinic, once they have picked one (the clinic check itself is done by the caller, which
// knows the clinic's practitioners). Not server-only, so it can be tested as a table.
export interface ActingSubject {
  platformUserId: string;
  platformUserType: "Practitioner" | "Staff";
}

export type ActingRule =
  | { kind: "self"; practitionerId: string }
  | { kind: "check-clinic"; practitionerId: string }
  | { kind: "choose" }
  | { kind: "deny" };

export function actingRule(user: ActingSubject, requested: string | undefined): ActingRule {
  if (user.platformUserType === "Practitioner") {
    return requested === undefined || requested === user.platformUserId
      ? { kind: "self", practitionerId: user.platformUserId }
      : { kind: "deny" };
  }
  return requested === undefined ? { kind: "choose" } : { kind: "check-clinic", practitionerId: requested };
}
