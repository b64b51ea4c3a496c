// The app's sections: where each lives, what the navigation calls it, and which roles may open it.
// One map for both sides: the navigation offers a section to these roles only, and the section's
// pages, server actions and routes admit only them (finer rules, such as "staff only" for picking a
// practitioner, are declared by the action itself). Not server-only: the header reads it too.
import type { AppRole } from "@/lib/auth/roles";

export interface Section {
  href: string;
  label: string;
  description: string;
  roles: readonly AppRole[];
}

export const SECTIONS = {
  resources: {
    href: "/resources",
    label: "Resources",
    description: "Upload, edit and share guides, handouts and meal plans.",
    roles: ["Practitioner", "Staff"],
  },
  patients: {
    href: "/patients",
    label: "Patients",
    description: "Find a patient and open their treatment plans.",
    roles: ["Practitioner", "Staff"],
  },
  // Events are the clinic's shared record: staff watch them, admins keep them complete, and
  // practitioners already see the clinic's patients.
  events: {
    href: "/events",
    label: "Events",
    description: "Watch what happens in your clinic, live.",
    roles: ["Practitioner", "Staff", "Admin"],
  },
  embedded: {
    href: "/embedded",
    label: "Embedded",
    description: "Work on treatment plans inside the app.",
    roles: ["Practitioner", "Staff"],
  },
  admin: {
    href: "/admin",
    label: "Admin",
    description: "Accounts, clinic key, webhooks and reconciliation.",
    roles: ["Admin"],
  },
} as const satisfies Record<string, Section>;

export type SectionKey = keyof typeof SECTIONS;

/** The sections a person holding `roles` may open, in the navigation's order. */
export function sectionsFor(roles: readonly AppRole[]): Section[] {
  return Object.values(SECTIONS).filter((section) => section.roles.some((role) => roles.includes(role)));
}
