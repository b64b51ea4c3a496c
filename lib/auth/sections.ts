// The app's sections: where each lives and which roles may open it (what the navigation calls each
// is in the catalogs, `sections.<key>`).
// One map for both sides: the navigation offers a section to these roles only, and the section's
// pages, server actions and routes admit only them (finer rules, such as "staff only" for picking a
// practitioner, are declared by the action itself). Not server-only: the header reads it too.
import type { AppRole } from "@/lib/people/roles";

export interface Section {
  href: string;
  roles: readonly AppRole[];
}

export const SECTIONS = {
  resources: {
    href: "/resources",
    roles: ["Practitioner", "Staff"],
  },
  patients: {
    href: "/patients",
    roles: ["Practitioner", "Staff"],
  },
  // A practitioner's plans (staff pick the practitioner); a new plan is made in the builder (embedded).
  plans: {
    href: "/plans",
    roles: ["Practitioner", "Staff"],
  },
  // Events are the clinic's shared record: staff watch them, admins keep them complete, and
  // practitioners already see the clinic's patients.
  events: {
    href: "/events",
    roles: ["Practitioner", "Staff", "Admin"],
  },
  // The platform feature (catalog and labs); the treatment plan builder opens from a patient or a plan.
  embedded: {
    href: "/embedded/platform",
    roles: ["Practitioner", "Staff"],
  },
  admin: {
    href: "/admin",
    roles: ["Admin"],
  },
} as const satisfies Record<string, Section>;

export type SectionKey = keyof typeof SECTIONS;

/** The sections a person holding `roles` may open, in the navigation's order. */
export function sectionsFor(roles: readonly AppRole[]): (Section & { key: SectionKey })[] {
  return (Object.entries(SECTIONS) as [SectionKey, Section][])
    .filter(([, section]) => section.roles.some((role) => roles.includes(role)))
    .map(([key, section]) => ({ key, ...section }));
}
