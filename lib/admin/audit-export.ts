// The export route's answer: filters from the query (the audit page's), the one answer to invalid
// input (lib/results/result.ts) when one is bad, else the CSV as a download named after the clinic's trail and the day, recorded in the
// trail itself.
import "server-only";
import { respond } from "@/lib/actions/route";
import { invalid } from "@/lib/results/result";
import type { Caller } from "@/lib/people/caller";
import { recordAudit } from "@/lib/audit/record";
import { auditCsvStream } from "@/lib/audit/export";
import { parseAuditFilters } from "@/lib/audit/filters";
import { dayIn } from "@/lib/format/days";
import { requestTranslator } from "@/lib/auth/language";

export async function exportAuditCsv(caller: Caller, query: URLSearchParams): Promise<Response> {
  const { filters, errors } = parseAuditFilters(Object.fromEntries(query));
  if (Object.keys(errors).length > 0) return respond(invalid(errors));
  const { page: _page, ...shown } = filters;
  await recordAudit({
    clinicId: caller.clinicId,
    actorUserId: caller.user.id,
    action: "audit.exported",
    details: { filters: shown },
  });
  const timeZone = caller.user.timeZone;
  const day = dayIn(new Date(), timeZone);
  const say = await requestTranslator();
  return new Response(auditCsvStream(caller.clinicId, filters, timeZone, say), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-trail-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
