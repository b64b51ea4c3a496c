// GET /api/events?category&type&date&q&cursor: a page of the caller's clinic's timeline, newest
// first. A GET route, not a server action: the live timeline refetches it while people edit. Each
// person has a few of these at once (lib/fairness/reads.ts), each statement a time bound. A search
// by text is audited (lib/audit/event-reads.ts).
import { after } from "next/server";
import { defineRoute } from "@/lib/actions/route";
import { succeeded } from "@/lib/actions/result";
import { SECTIONS } from "@/lib/auth/sections";
import { db } from "@/lib/db";
import { TimelineCursorSchema, TimelineFiltersSchema } from "@/lib/events/timeline/filters";
import { listTimeline } from "@/lib/events/timeline/list";
import { withReadSlot } from "@/lib/fairness/reads";
import { auditEventSearch } from "@/lib/audit/event-reads";

export const dynamic = "force-dynamic";

const PageQuery = TimelineFiltersSchema.extend({ cursor: TimelineCursorSchema.optional() });

export const GET = defineRoute(
  { name: "events.list", roles: SECTIONS.events.roles, input: PageQuery },
  async ({ caller, input: { cursor, ...filters } }) =>
    withReadSlot(caller.user.id, async () => {
      const page = await listTimeline(db, caller.clinicId, caller.user.timeZone, filters, cursor);
      // A search by text is an entry of the audit trail, written once answered (its first page only).
      if (filters.q && !cursor) after(() => auditEventSearch(caller, filters, page.events.length));
      return succeeded(page);
    }),
);
