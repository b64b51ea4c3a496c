// GET /api/events?category&type&date&q&cursor: a page of the caller's clinic's timeline, newest
// first. A GET route, not a server action: the live timeline refetches it while people edit. Each
// person has a few of these at once, each statement a time bound, and a search by text is audited
// (lib/events/timeline/read-page.ts).
import { defineRoute } from "@/lib/actions/route";
import { SECTIONS } from "@/lib/auth/sections";
import { TimelineCursorSchema, TimelineFiltersSchema } from "@/lib/events/timeline/filters";
import { readTimelinePage } from "@/lib/events/timeline/read-page";

export const dynamic = "force-dynamic";

const PageQuery = TimelineFiltersSchema.extend({ cursor: TimelineCursorSchema.optional() });

export const GET = defineRoute(
  { name: "events.list", roles: SECTIONS.events.roles, input: PageQuery },
  async ({ caller, input: { cursor, ...filters } }) => readTimelinePage(caller, filters, cursor),
);
