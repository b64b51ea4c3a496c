// One page of the timeline as a person reads it: in their share of reads (lib/limits/read-gates.ts),
// and a search by text written to the audit trail once answered (its first page only). The timeline's
// route and the header search's events part both read through here, so both count and audit alike.
import "server-only";
import { after } from "next/server";
import { db } from "@/lib/db";
import type { Caller } from "@/lib/people/caller";
import { succeeded, type ActionResult } from "@/lib/results/result";
import { withReadSlot } from "@/lib/limits/read-gates";
import type { TimelineCursor, TimelineFilters } from "@/lib/events/timeline/filters";
import { listTimeline, TIMELINE_PAGE_SIZE, type TimelinePage } from "@/lib/events/timeline/list";
import { auditEventSearch } from "@/lib/events/timeline/audited-reads";

export function readTimelinePage(
  caller: Caller,
  filters: TimelineFilters,
  cursor?: TimelineCursor,
  limit = TIMELINE_PAGE_SIZE,
): Promise<ActionResult<TimelinePage>> {
  return withReadSlot(caller.user.id, async () => {
    const page = await listTimeline(db, caller.clinicId, caller.user.timeZone, filters, cursor, limit);
    if (filters.q && !cursor) after(() => auditEventSearch(caller, filters, page.events.length));
    return succeeded(page);
  });
}
