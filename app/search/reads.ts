// Each part of the search page, read as its own section reads it: the patients list's action (the
// platform's search, audited as a patient search), the resources page's list action (the library
// filtered by name), and the timeline's page read (in the person's share of reads, audited as an
// event search). Each answers a result of its own, a failure included, so a part fails alone.
import "server-only";
import { perform } from "@/lib/actions/builder";
import { SECTIONS } from "@/lib/auth/sections";
import { TimelineFiltersSchema } from "@/lib/events/timeline/filters";
import { readTimelinePage } from "@/lib/events/timeline/read-page";
import { PART_SIZE, RESOURCE_SEARCH_MAX } from "@/lib/search/limits";
import type { SearchKind } from "@/lib/search/parts";
import { loadPatients } from "@/app/patients/actions";
import { loadResources } from "@/app/resources/actions";

// The timeline's own rules for a search term (at least three letters or digits in a row…).
const EventSearch = TimelineFiltersSchema.pick({ q: true });

const searchEvents = (q: string) =>
  perform(
    { name: "search.events", roles: SECTIONS.events.roles, input: EventSearch },
    () => ({ q }),
    ({ caller, input }) => readTimelinePage(caller, input, undefined, PART_SIZE),
  );

const READS = {
  patients: (q: string) => loadPatients({ q, page: 1, size: PART_SIZE }),
  events: searchEvents,
  resources: (q: string) => loadResources({ q: q.slice(0, RESOURCE_SEARCH_MAX), page: 1, size: PART_SIZE }),
} satisfies Record<SearchKind, (q: string) => Promise<unknown>>;

export type PartResults = { [K in SearchKind]?: ReturnType<(typeof READS)[K]> };

/** The reads of the person's parts, started together (each page of results streams in as it comes). */
export function startReads(kinds: readonly SearchKind[], q: string): PartResults {
  return Object.fromEntries(kinds.map((kind) => [kind, READS[kind](q)]));
}
