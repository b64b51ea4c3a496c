// GET /api/events/export?category&type&date&q&sort: the caller's clinic's timeline as CSV, with the
// page's filters and order, streamed (lib/events/timeline/export.ts). The events section's roles
// (401 signed out, 403 other roles, the one answer to invalid filters, as every JSON route). One
// export per person at a time: the next waits its turn in a short line (its place on arrival is in
// the X-Queue-Position header), and one more is told to wait (lib/limits/read-gates.ts). The first page
// is read before answering, so a search too broad to finish is said in words, not a broken file.
// Each export is an entry of the audit trail, with its filters and rows (lib/events/timeline/audited-reads.ts).
import { authorize } from "@/lib/actions/builder";
import { respond } from "@/lib/actions/route";
import { failure, invalid } from "@/lib/results/result";
import { failureOf } from "@/lib/actions/platform-failure";
import { SECTIONS } from "@/lib/auth/sections";
import { db } from "@/lib/db";
import { TimelineFiltersSchema } from "@/lib/events/timeline/filters";
import { firstExportPage, timelineCsvStream } from "@/lib/events/timeline/export";
import { readGates } from "@/lib/limits/read-gates";
import { takeLease } from "@/lib/limits/leases";
import { auditEventExport } from "@/lib/events/timeline/audited-reads";
import { requestTranslator } from "@/lib/auth/language";
import { todayIn } from "@/lib/events/timeline/period";
import { log } from "@/lib/log/logger";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const access = await authorize(SECTIONS.events.roles);
  if (!access.ok) return respond(access.failure);
  const parsed = TimelineFiltersSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success)
    return respond(
      invalid(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "query"), [i.message]]))),
    );
  const { clinicId, user } = access.caller;
  const turn = await readGates().exports.enter(user.id, request.signal);
  if (!turn.ok) return respond(failure("busy", "actions.tooManyExports", { values: { waiting: turn.waiting } }));
  // One export per person across every app process, not only in this one's line.
  const lease = await takeLease("export", user.id, 1).catch(
    (error: unknown) => (turn.release(), Promise.reject(error)),
  );
  if (!lease.ok)
    return (turn.release(), respond(failure("busy", "actions.tooManyExports", { values: { waiting: 0 } })));
  const release = () => void lease.release().finally(turn.release);
  let first;
  try {
    first = await firstExportPage(db, clinicId, user.timeZone, parsed.data);
  } catch (error) {
    release();
    const said = failureOf(error);
    if (said.code === "error") log.error("action: events.export failed", { userId: user.id, err: error });
    return respond(said);
  }
  const day = todayIn(user.timeZone);
  const csv = timelineCsvStream(db, clinicId, user.timeZone, parsed.data, await requestTranslator(), {
    first,
    // The audit entry once the rows sent are known (after the last byte; off the stream's way).
    onEnd: (rows, complete) => {
      release();
      void auditEventExport(access.caller, parsed.data, rows, complete);
    },
  });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="events-${day}.csv"`,
      "Cache-Control": "no-store",
      "X-Queue-Position": String(turn.position),
    },
  });
}
