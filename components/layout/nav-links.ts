// The app's sections, in the order the navigation shows them, with the roles that may open each.
// The pages check roles themselves; this only keeps the navigation from offering dead ends.
import type { AppRole } from "@/lib/auth/roles";

export interface NavLink {
  href: string;
  label: string;
  roles: readonly AppRole[];
}

export const NAV_LINKS: readonly NavLink[] = [
  { href: "/resources", label: "Resources", roles: ["Practitioner", "Staff"] },
  { href: "/patients", label: "Patients", roles: ["Practitioner", "Staff"] },
  { href: "/events", label: "Events", roles: ["Practitioner", "Staff", "Admin"] },
  { href: "/embedded", label: "Embedded", roles: ["Practitioner", "Staff"] },
  { href: "/admin", label: "Admin", roles: ["Admin"] },
];

export function linksFor(roles: readonly AppRole[]): NavLink[] {
  return NAV_LINKS.filter((link) => link.roles.some((role) => roles.includes(role)));
}
