// Who may act on which practitioner's resources. A practitioner acts for themself; staff act for
// any practitioner of their own clinic; clinic-level tokens act for the whole clinic. Everything
// else is reported as not found, so ids of other clinics are not revealed.
import { notFound } from "../http/errors";
import type { Principal } from "../platform/auth";
import type { SandboxState } from "../state/store";
import type { ResourceRow, UserRow } from "../state/types";

export function actingPractitioner(s: SandboxState, p: Principal, practitionerId: string): UserRow {
  const target = s.users.get(practitionerId);
  if (!target || target.type !== "Practitioner" || target.clinicId !== p.clinicId) throw notFound("practitioner");
  if (p.mode === "role" && p.user.type === "Practitioner" && p.user.id !== target.id) throw notFound("practitioner");
  return target;
}

/** What the practitioner made or what was shared with them. */
export function visibleTo(r: ResourceRow, practitioner: UserRow): boolean {
  return (
    r.clinicId === practitioner.clinicId &&
    (r.practitionerId === practitioner.id || r.sharedWith.includes(practitioner.id))
  );
}
