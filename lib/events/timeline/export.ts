// The timeline as CSV with the page's filters and order, streamed a keyset page at a time: the
// stream pulls the next page only when the response has sent the last, so a million events pass
// through in pages of EXPORT_BATCH rows and never sit in memory together. Each row has the summary
// the page shows, named the same way. Cells a spreadsheet would read as a formula are prefixed
// with an apostrophe (event data holds text people typed).
import "server-only";
import { stringify } from "csv-stringify/sync";
import type { Db } from "@/lib/events/store";
import { formatSummary } from "@/lib/events/summary-messages";
import { TimelineCursorSchema, type TimelineFilters } from "@/lib/events/timeline/filters";
import { listTimeline, type TimelineEvent } from "@/lib/events/timeline/list";

export const EXPORT_BATCH = 1000;

const COLUMNS = ["created_utc", "summary", "type", "category", "source", "received_utc", "patient_id", "event_id"];

function csvOf(events: TimelineEvent[], header: boolean): string {
  return stringify(
    events.map((e) => ({
      created_utc: e.createdAt,
      summary: formatSummary(e.summary),
      type: e.type,
      category: e.category,
      source: e.source === "webhook" ? "Webhook" : "Reconciliation",
      received_utc: e.receivedAt,
      patient_id: e.summary.patientId ?? "",
      event_id: e.id,
    })),
    {
      header,
      columns: COLUMNS,
      cast: { string: (value) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value) },
    },
  );
}

export function timelineCsvStream(db: Db, clinicId: string, filters: TimelineFilters): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: string | null | undefined;
  let header = true;
  return new ReadableStream({
    async pull(controller) {
      if (cursor === null) {
        controller.close();
        return;
      }
      const page = await listTimeline(
        db,
        clinicId,
        filters,
        cursor ? TimelineCursorSchema.parse(cursor) : undefined,
        EXPORT_BATCH,
      );
      controller.enqueue(encoder.encode(csvOf(page.events, header)));
      header = false;
      cursor = page.nextCursor;
      if (cursor === null) controller.close();
    },
  });
}
