// The staff timeline: what happened in the caller's clinic, live, filterable, beyond 30 days.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireSection } from "@/lib/auth/require-section";
import { db } from "@/lib/db";
import { eventsPerDay } from "@/lib/events/timeline/chart";
import { TimelineFiltersSchema, type TimelineFilters } from "@/lib/events/timeline/filters";
import { listTimeline, timelineHead } from "@/lib/events/timeline/list";
import { succeeded } from "@/lib/results/result";
import { withReadSlot } from "@/lib/limits/read-gates";
import { isStatementTimeout, TOO_BROAD } from "@/lib/limits/statement-timeout";
import { EventTimeline } from "@/components/events/event-timeline";
import { ReconciliationPanel } from "@/components/events/reconciliation-panel";
import { startReconciliation } from "@/app/events/reconciliation-actions";
import { clinicConnection } from "@/lib/connection/read";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("events.page"))("title") };
}
export const dynamic = "force-dynamic";

/** What an event id in a link may look like: printable, without spaces, of a sensible length. */
const EVENT_ID = /^[\x21-\x7e]{1,200}$/;

export default async function EventsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { clinicId, user } = await requireSection("events");
  const t = await getTranslations("events.page");
  const raw = await searchParams;
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const parsed = TimelineFiltersSchema.safeParse({
    category: first(raw.category),
    type: first(raw.type),
    date: first(raw.date),
    q: first(raw.q),
  });
  // A hand-edited URL with a bad filter shows everything rather than an error page.
  const asked: TimelineFilters = parsed.success ? parsed.data : {};
  // A shared link to one event opens its drawer; one that is not an event id opens none (the drawer
  // reads the event through the clinic-scoped API, so another clinic's id shows "not available").
  const event = first(raw.event);
  const openId = event && EVENT_ID.test(event) ? event : null;
  // The head is read before the list: an event that arrives in between moves the head the browser
  // starts from, so its first poll refetches instead of taking the newer head as its baseline.
  const head = await timelineHead(db, clinicId);
  const [{ filters, page }, chart, connection] = await Promise.all([
    firstPage(user.id, clinicId, user.timeZone, asked),
    eventsPerDay(db, clinicId, user.timeZone, asked),
    clinicConnection(clinicId),
  ]);
  return (
    <section className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-slate-600">{t("intro", { clinic: user.clinicName })}</p>
      </header>
      {user.isAdmin && <ReconciliationPanel start={startReconciliation} compact />}
      <EventTimeline
        initialFilters={filters}
        initialPage={page}
        initialChart={chart}
        initialHead={head}
        connection={connection.status}
        initialOpenId={openId}
      />
    </section>
  );
}

/**
 * The list as the URL asks. A search runs in the person's share of reads (lib/limits/read-gates.ts);
 * one that cannot run now (too many of theirs running, or too broad for the time bound) opens the
 * page without it, the search box empty, rather than on an error page.
 */
async function firstPage(userId: string, clinicId: string, timeZone: string, asked: TimelineFilters) {
  const list = (filters: TimelineFilters) => listTimeline(db, clinicId, timeZone, filters);
  if (!asked.q) return { filters: asked, page: await list(asked) };
  const result = await withReadSlot(userId, async () => succeeded(await list(asked))).catch((error: unknown) =>
    isStatementTimeout(error) ? TOO_BROAD : Promise.reject(error),
  );
  if (result.ok) return { filters: asked, page: result.data };
  const filters = { ...asked, q: undefined };
  return { filters, page: await list(filters) };
}
