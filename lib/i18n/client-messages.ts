// The part of the catalog the browser gets: the namespaces that client components ("use client" and
// what they import) say, not the server-rendered pages' words, and on each page only its own
// section's. The whole client share would be tens of kilobytes of JSON inlined in every HTML
// response, most of it for other pages, and a phone parses all of it before the page answers a tap.
// The root layout sends the shared namespaces (the header, the error page); each section's layout
// adds its own (components/layout/client-messages.tsx). lib/i18n/client-messages.test.ts fails when a
// client component a section renders names a key outside its section's namespaces and the shared ones.
import type { AbstractIntlMessages } from "next-intl";

/** What the root layout's client parts say (the header, the error page): sent on every page. */
export const SHARED_CLIENT_NAMESPACES = ["header", "states", "error"] as const;

/** Each section (a folder of app/, or the home page) and the namespaces its client parts say. */
export const SECTION_CLIENT_NAMESPACES = {
  home: ["actions", "home.ownName"],
  signin: ["signin"],
  resources: ["actions", "pagination", "files", "resources"],
  events: ["actions", "summary", "events", "admin.deliveries.problems", "patient.records.labStatus"],
  patients: ["actions", "pagination", "admin.unanswered", "patients", "newPatient"],
  plans: [],
  embedded: ["embedded"],
  search: ["search.form"],
  admin: [
    "actions",
    "validation",
    "pagination",
    "events",
    "admin.unanswered",
    "admin.sections",
    "admin.states",
    "admin.accounts",
    "admin.connectionReasons",
    "admin.clinicKey",
    "admin.events",
    "admin.runs",
    "admin.deliveryFilters",
    "admin.deliveries.problems",
    "admin.settings",
    "alerts.form",
    "audit.actions",
    "audit.filters",
    "audit.errors",
  ],
} as const satisfies Record<string, readonly string[]>;

export type ClientSection = keyof typeof SECTION_CLIENT_NAMESPACES;

/** The namespaces a page of `section` sends to the browser: the shared ones and its own. */
export function clientNamespaces(section: ClientSection): readonly string[] {
  return [...SHARED_CLIENT_NAMESPACES, ...SECTION_CLIENT_NAMESPACES[section]];
}

/** `messages` with only the subtrees named by `namespaces` (dotted paths), in their places. */
export function pickMessages(messages: AbstractIntlMessages, namespaces: readonly string[]): AbstractIntlMessages {
  const picked: AbstractIntlMessages = {};
  for (const namespace of namespaces) {
    const path = namespace.split(".");
    let from: AbstractIntlMessages | string | undefined = messages;
    for (const part of path) from = typeof from === "object" ? from[part] : undefined;
    if (from === undefined) continue;
    let into = picked;
    for (const part of path.slice(0, -1)) into = (into[part] ??= {}) as AbstractIntlMessages;
    into[path[path.length - 1]] = from;
  }
  return picked;
}
