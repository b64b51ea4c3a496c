// The audit trail as CSV, streamed a batch at a time. Every cell a spreadsheet would read as a
// formula (starting with = + - @ or a tab) is prefixed with an apostrophe: details hold text people
// typed (a search, a resource's name), and an export must not run anything when opened.
import "server-only";
import { stringify } from "csv-stringify/sync";
import { auditEntriesInBatches, type AuditRow } from "@/lib/audit/query";
import { actionLabel, detailsText } from "@/lib/audit/describe";
import type { AuditFilters } from "@/lib/audit/filters";

const COLUMNS = [
  "time_utc",
  "person",
  "person_id",
  "action",
  "action_code",
  "target_type",
  "target_id",
  "details",
  "details_json",
  "entry",
  "hash",
] as const;

function recordOf(r: AuditRow): Record<(typeof COLUMNS)[number], string | number> {
  return {
    time_utc: r.at,
    person: r.actorLabel,
    person_id: r.actorUserId ?? "",
    action: actionLabel(r.action),
    action_code: r.action,
    target_type: r.targetType ?? "",
    target_id: r.targetId ?? "",
    details: detailsText(r.details),
    details_json: JSON.stringify(r.details),
    entry: r.seq,
    hash: r.hash,
  };
}

export function csvOf(rows: AuditRow[], header: boolean): string {
  return stringify(rows.map(recordOf), {
    header,
    columns: [...COLUMNS],
    cast: { string: (value) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value) },
  });
}

export function auditCsvStream(clinicId: string, filters: AuditFilters): ReadableStream<Uint8Array> {
  const batches = auditEntriesInBatches(clinicId, filters);
  const encoder = new TextEncoder();
  let header = true;
  return new ReadableStream({
    async pull(controller) {
      const next = await batches.next();
      if (next.done) {
        if (header) controller.enqueue(encoder.encode(csvOf([], true))); // an empty export still has its header
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(csvOf(next.value, header)));
      header = false;
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
