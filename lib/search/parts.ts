// The header search (app/search): which parts a person's search has, what the search box's words
// may be, and where each part's "See all" leads. Each part is a section's own search, run as that
// section runs it, so a person gets a part only where that section would show them the same rows:
// patients and events by the sections' roles (lib/auth/sections.ts), resources for whoever the
// resources page opens a library for without a choice (lib/resources/acting.ts: a practitioner's
// own; staff pick a practitioner there first). Not server-only: pure, and tested as a table.
import { SECTIONS } from "@/lib/auth/sections";
import type { AppRole } from "@/lib/people/roles";
import { actingRule, type ActingSubject } from "@/lib/resources/acting";
import { RESOURCE_SEARCH_MAX, SEARCH_MAX } from "@/lib/search/limits";

export const SEARCH_KINDS = ["patients", "events", "resources"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export type SearchQuery =
  { kind: "empty" } | { kind: "refused"; message: string; values?: Record<string, number> } | { kind: "ok"; q: string };

// Nothing typed into a search box holds a control character; the timeline's schema refuses them too.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The address's `q` as the page takes it: trimmed; refused, in words, when no section could run it. */
export function searchQueryOf(raw: string | string[] | undefined): SearchQuery {
  const q = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? "";
  if (!q) return { kind: "empty" };
  if (q.length > SEARCH_MAX) return { kind: "refused", message: "search.tooLong", values: { max: SEARCH_MAX } };
  if (CONTROL.test(q)) return { kind: "refused", message: "validation.searchControl" };
  return { kind: "ok", q };
}

/** The parts a person's search has, in the page's order. */
export function searchKinds(user: ActingSubject & { roles: readonly AppRole[] }): SearchKind[] {
  const may = (roles: readonly AppRole[]) => roles.some((role) => user.roles.includes(role));
  return SEARCH_KINDS.filter((kind) => {
    if (!may(SECTIONS[kind].roles)) return false;
    return kind !== "resources" || actingRule(user, undefined).kind === "self";
  });
}

/** What the header's box says it searches: a `select` of the catalog's `header.search.placeholder`. */
export const searchScope = (kinds: readonly SearchKind[]): string => (kinds.length ? kinds.join("_") : "none");

/** A part's "See all": its section's page, searched the same way (each reads `?q=`). */
export function seeAllHref(kind: SearchKind, q: string): string {
  const term = kind === "resources" ? q.slice(0, RESOURCE_SEARCH_MAX) : q;
  return `${SECTIONS[kind].href}?${new URLSearchParams({ q: term })}`;
}
