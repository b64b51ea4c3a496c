// GET /api/events/export?category&type&date&q&sort: the caller's clinic's timeline as CSV, with the
// page's filters and order, streamed (lib/events/timeline/export.ts). The events section's roles
// (401 signed out, 403 other roles, the one answer to invalid filters, as every JSON route).
import { authorize } from "@/lib/actions/builder";
import { respond } from "@/lib/actions/route";
import { invalid } from "@/lib/actions/result";
import { SECTIONS } from "@/lib/auth/sections";
import { db } from "@/lib/db";
import { TimelineFiltersSchema } from "@/lib/events/timeline/filters";
import { timelineCsvStream } from "@/lib/events/timeline/export";
import { requestTranslator } from "@/lib/i18n/server";
import { todayIn } from "@/lib/events/timeline/period";

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
  const day = todayIn(user.timeZone);
  return new Response(timelineCsvStream(db, clinicId, user.timeZone, parsed.data, await requestTranslator()), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="events-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
