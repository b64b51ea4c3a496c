// Roles in the app: Practitioner and Staff come from the platform (the token's resource_owner
// type); Admin is a staff member whose platform role is "Clinic admin", or whoever an admin promotes
// (lib/auth/admin-rights.ts). An admin keeps their platform role too, so an admin practitioner still
// manages their resources.
import { z } from "zod";

export const APP_ROLES = ["Admin", "Practitioner", "Staff"] as const;
export const AppRoleSchema = z.enum(APP_ROLES);
export type AppRole = z.infer<typeof AppRoleSchema>;

export interface RoleHolder {
  isAdmin: boolean;
  platformUserType: "Practitioner" | "Staff";
}

export function rolesOf(user: RoleHolder): AppRole[] {
  return user.isAdmin ? ["Admin", user.platformUserType] : [user.platformUserType];
}

/** The role shown in the session and the header: Admin wins. */
export function roleOf(user: RoleHolder): AppRole {
  return rolesOf(user)[0];
}

/** True when the user holds at least one of `allowed`. */
export function hasAnyRole(user: RoleHolder, allowed: readonly AppRole[]): boolean {
  const held = rolesOf(user);
  return allowed.some((role) => held.includes(role));
}
