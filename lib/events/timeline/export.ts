// The timeline as CSV with the page's filters and order, streamed a keyset page at a time: the
// stream pulls the next page only when the response has sent the last, so a million events pass
// through in pages of EXPORT_BATCH rows and never sit in memory together. Each row has the summary
// the page shows, named the same way, and the patient's name beside their id. Cells a spreadsheet would read as a formula are prefixed
// with an apostrophe (event data holds text people typed). Times are given on the clinic's clock
// (ISO 8601 with the offset, and the zone's name in its own column) and in UTC; the date filter's
// days are the clinic's, as on the page.
//
// An export is paced: after each batch it rests as long as the batch took to write, so one export
// takes at most about half of the process's one JavaScript thread. Unpaced, one person's export would
// read as fast as their connection allows and keep the thread busy, and every other clinic's pages
// would wait behind its batches. The price: an export takes about twice its unpaced time.
import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { stringify } from "csv-stringify/sync";
import type { Db } from "@/lib/db";
import { formatSummary, patientNameOf } from "@/lib/events/summary-messages";
import type { Say } from "@/lib/i18n/say";
import { TimelineCursorSchema, type TimelineFilters } from "@/lib/events/timeline/filters";
import { listTimeline, type TimelineEvent, type TimelinePage } from "@/lib/events/timeline/list";
import { isoIn } from "@/lib/format/time";

export const EXPORT_BATCH = 500;
/** The part of the thread's time one export may take while it writes its rows. */
export const EXPORT_DUTY = 0.5;

const COLUMNS = [
  "created",
  "time_zone",
  "created_utc",
  "summary",
  "type",
  "category",
  "source",
  "received_utc",
  "patient",
  "patient_id",
  "event_id",
];

function csvOf(events: TimelineEvent[], timeZone: string, header: boolean, say: Say): string {
  return stringify(
    events.map((e) => ({
      created: isoIn(e.createdAt, timeZone),
      time_zone: timeZone,
      created_utc: e.createdAt,
      summary: formatSummary(e.summary, say),
      type: e.type,
      category: e.category,
      source: say(e.source === "webhook" ? "events.source.webhook" : "events.source.reconciliation"),
      received_utc: e.receivedAt,
      patient: patientNameOf(e.summary) ?? "",
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

export interface CsvStreamOptions {
  /** The first page, already read (the route reads it before answering, so a refusal is still JSON). */
  first?: TimelinePage;
  /** Called once when the stream ends: rows sent, and whether it reached the last (false: cancelled or failed). */
  onEnd?: (rows: number, finished: boolean) => void;
  /** How the stream rests after a batch that took `writingMs` to write (a pause of the same length). */
  rest?: (writingMs: number) => Promise<unknown>;
}

const restAsLong = (writingMs: number) => sleep((writingMs * (1 - EXPORT_DUTY)) / EXPORT_DUTY);

/** `say` writes the summaries and sources in the caller's language (the column names stay fixed). */
export function timelineCsvStream(
  db: Db,
  clinicId: string,
  timeZone: string,
  filters: TimelineFilters,
  say: Say,
  { first, onEnd, rest = restAsLong }: CsvStreamOptions = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: string | null | undefined;
  let header = true;
  let rows = 0;
  let ended = false;
  const end = (finished: boolean) => {
    if (ended) return;
    ended = true;
    onEnd?.(rows, finished);
  };
  let pending = first;
  return new ReadableStream({
    async pull(controller) {
      if (cursor === null) {
        controller.close();
        end(true);
        return;
      }
      let page: TimelinePage;
      try {
        page =
          pending ??
          (await listTimeline(
            db,
            clinicId,
            timeZone,
            filters,
            cursor ? TimelineCursorSchema.parse(cursor) : undefined,
            EXPORT_BATCH,
          ));
      } catch (error) {
        end(false);
        throw error;
      }
      pending = undefined;
      const writing = performance.now();
      controller.enqueue(encoder.encode(csvOf(page.events, timeZone, header, say)));
      await rest(performance.now() - writing);
      rows += page.events.length;
      header = false;
      cursor = page.nextCursor;
      if (cursor === null) {
        controller.close();
        end(true);
      }
    },
    cancel() {
      end(false);
    },
  });
}

/** The export's first page, read before the response is answered (one keyset page of EXPORT_BATCH). */
export function firstExportPage(db: Db, clinicId: string, timeZone: string, filters: TimelineFilters) {
  return listTimeline(db, clinicId, timeZone, filters, undefined, EXPORT_BATCH);
}
