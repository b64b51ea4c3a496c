// How a person is labelled on a page: their name first; their platform id only where nothing names
// them. Shared by the server and the browser (no database here).
import type { AppRole } from "@/lib/people/roles";

/**
 * "Practitioner", "Staff · Front desk", "Admin · Staff · Clinic admin": `name` says a role in the
 * reader's language; the staff role is the platform's own words.
 */
export function roleLabel(
  roles: readonly AppRole[],
  staffRole: string | null | undefined,
  name: (role: AppRole) => string = (role) => role,
): string {
  return roles
    .map((role) => (role === "Staff" && staffRole ? [name(role), staffRole] : [name(role)]).join(" · "))
    .join(" · ");
}

export interface NamedId {
  id: string;
  /** Null when the app knows no name for this id. */
  name: string | null;
}
