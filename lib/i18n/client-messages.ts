// The part of the catalog the browser gets: the namespaces that client components ("use client" and
// what they import) say, not the server-rendered pages' words. The full catalog is ~60 KB of JSON
// per page otherwise, inlined in every HTML response. lib/i18n/client-messages.test.ts fails when a
// client component names a key outside these, or opens a namespace that is not wholly here.
import type { AbstractIntlMessages } from "next-intl";

export const CLIENT_NAMESPACES = [
  "actions",
  "header",
  "home.ownName",
  "validation",
  "signin",
  "states",
  "pagination",
  "summary",
  "files",
  "resources",
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
  "patients",
  "newPatient",
  "embedded",
  "audit.actions",
  "audit.filters",
  "audit.errors",
  "error",
] as const;

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
