// The access decisions every page, server action and route handler makes, as pure functions so
// they can be tested as tables: who is signed in, which role they need, which clinic owns the thing.
import { hasAnyRole, type AppRole, type RoleHolder } from "@/lib/people/roles";

export type AccessDecision = "allow" | "sign-in" | "deny";

export interface AccessSubject extends RoleHolder {
  clinicId: string;
}

/**
 * `roles` empty: any signed-in user. `clinicId` given: the thing belongs to that clinic, and only
 * its own users may touch it (another clinic's id is "deny", the same as a missing record).
 */
export function decideAccess(
  user: AccessSubject | null,
  roles: readonly AppRole[] = [],
  clinicId?: string,
): AccessDecision {
  if (!user) return "sign-in";
  if (roles.length > 0 && !hasAnyRole(user, roles)) return "deny";
  if (clinicId !== undefined && clinicId !== user.clinicId) return "deny";
  return "allow";
}
