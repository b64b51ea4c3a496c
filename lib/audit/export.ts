// The audit trail as CSV, streamed a batch at a time. Every cell a spreadsheet would read as a
// formula (starting with = + - @ or a tab) is prefixed with an apostrophe: details hold text people
// typed (a search, a resource's name), and an export must not run anything when opened. Times are
// on the clinic's clock (ISO 8601 with the offset, the zone named in its own column) and in UTC.
// The columns' names are fixed identifiers (for scripts reading the file); the action and details
// cells are in the exporting admin's language, with the action's code and the raw details beside them.
import "server-only";
import { stringify } from "csv-stringify/sync";
import { auditEntriesInBatches, type AuditRow } from "@/lib/audit/query";
import { actionLabel, actorText, detailsText, type Speaker } from "@/lib/audit/describe";
import type { AuditFilters } from "@/lib/audit/filters";
import { isoIn } from "@/lib/format/time";

const COLUMNS = [
  "time",
  "time_zone",
  "time_utc",
  "person",
  "person_id",
  "action",
  "action_code",
  "target_type",
  "target_id",
  "target_name",
  "patient_name",
  "details",
  "details_json",
  "entry",
  "hash",
] as const;

function recordOf(r: AuditRow, timeZone: string, say: Speaker): Record<(typeof COLUMNS)[number], string | number> {
  return {
    time: isoIn(r.at, timeZone),
    time_zone: timeZone,
    time_utc: r.at,
    person: actorText(say, r),
    person_id: r.actorUserId ?? "",
    action: actionLabel(say, r.action),
    action_code: r.action,
    target_type: r.targetType ?? "",
    target_id: r.targetId ?? "",
    target_name: r.targetName ?? "",
    patient_name: r.patientName ?? "",
    details: detailsText(say, r.details),
    details_json: JSON.stringify(r.details),
    entry: r.seq,
    hash: r.hash,
  };
}

export function csvOf(rows: AuditRow[], timeZone: string, header: boolean, say: Speaker): string {
  return stringify(
    rows.map((r) => recordOf(r, timeZone, say)),
    {
      header,
      columns: [...COLUMNS],
      cast: { string: (value) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value) },
    },
  );
}

export function auditCsvStream(
  clinicId: string,
  filters: AuditFilters,
  timeZone: string,
  say: Speaker,
): ReadableStream<Uint8Array> {
  const batches = auditEntriesInBatches(clinicId, filters, timeZone);
  const encoder = new TextEncoder();
  let header = true;
  return new ReadableStream({
    async pull(controller) {
      const next = await batches.next();
      if (next.done) {
        if (header) controller.enqueue(encoder.encode(csvOf([], timeZone, true, say))); // an empty export still has its header
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(csvOf(next.value, timeZone, header, say)));
      header = false;
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
