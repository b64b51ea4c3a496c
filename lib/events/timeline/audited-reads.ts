// Reads of the event history in the audit trail (HIPAA's audit controls cover access as well as
// change): a timeline search by text, an event's detail (it shows a patient's email and date of
// birth) and the CSV export. One entry per search or export, never one per row, with who (the
// entry's actor), when, which filter or which event, and how many rows. The routes write them after
// answering (next/server's after(), or when the export's stream ends), so the timeline does not wait
// for the trail's lock. Not the patients search (lib/audit/patient-search.ts).
import "server-only";
import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import type { Caller } from "@/lib/people/caller";
import type { TimelineFilters } from "@/lib/events/timeline/filters";
import type { TimelineEventDetail } from "@/lib/events/timeline/list";
import { recordAudit } from "@/lib/audit/record";

/** The filters that narrowed the read, without the empty ones (the search term has its own detail). */
function filtersOf({ q: _q, ...rest }: TimelineFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(rest).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

// The live timeline refetches an open search each time an event arrives: the same person's same
// search within this window is one read, not one every few seconds, whichever app process answers
// it. This process remembers what it has seen (no round trip for its own refetches); what it has not
// is claimed in audited_searches, which every process shares.
const SAME_SEARCH_MS = 5 * 60_000;
const shared = globalThis as unknown as { clinicConnectSearchesSeen?: Map<string, number> };

function seenHere(key: string, now: number): boolean {
  const seen = (shared.clinicConnectSearchesSeen ??= new Map());
  for (const [k, at] of seen) if (now - at >= SAME_SEARCH_MS) seen.delete(k);
  if (seen.has(key)) return true;
  seen.set(key, now);
  return false;
}

/** Whether this is the first time in the window any process sees the search `key`. */
async function firstSeen(key: string, now: number): Promise<boolean> {
  if (seenHere(key, now)) return false;
  const digest = createHash("sha256").update(key).digest("base64url");
  const since = new Date(now - SAME_SEARCH_MS);
  const claimed = await db.$queryRaw<Array<{ key: string }>>`
    WITH forgotten AS (
      DELETE FROM audited_searches WHERE seen_at < ${new Date(now - 2 * SAME_SEARCH_MS)} AND key <> ${digest}
    )
    INSERT INTO audited_searches (key, seen_at) VALUES (${digest}, ${new Date(now)})
    ON CONFLICT (key) DO UPDATE SET seen_at = EXCLUDED.seen_at WHERE audited_searches.seen_at <= ${since}
    RETURNING key`;
  return claimed.length > 0;
}

/** A timeline search by text (its first page): the term, the other filters, the rows shown. */
export async function auditEventSearch(caller: Caller, filters: TimelineFilters, rows: number, now = Date.now()) {
  if (!filters.q) return;
  const narrowed = filtersOf(filters);
  if (!(await firstSeen(JSON.stringify([caller.user.id, filters.q, narrowed]), now))) return;
  await recordAudit({
    clinicId: caller.clinicId,
    actorUserId: caller.user.id,
    action: "events.searched",
    details: { search: filters.q, filters: narrowed, rows },
  });
}

/** An event's detail opened: which event, of which type, about which patient. */
export async function auditEventViewed(caller: Caller, event: TimelineEventDetail) {
  await recordAudit({
    clinicId: caller.clinicId,
    actorUserId: caller.user.id,
    action: "events.viewed",
    target: { type: "event", id: event.id },
    details: { type: event.type, patientId: event.summary.patientId ?? null },
  });
}

/** A CSV export, once it ended: its filters, the rows sent, and whether it reached the last. */
export async function auditEventExport(caller: Caller, filters: TimelineFilters, rows: number, complete: boolean) {
  await recordAudit({
    clinicId: caller.clinicId,
    actorUserId: caller.user.id,
    action: "events.exported",
    details: { search: filters.q ?? null, filters: filtersOf(filters), rows, complete },
  });
}
