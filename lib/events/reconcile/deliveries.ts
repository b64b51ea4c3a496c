// The delivery log step of reconciliation: which webhook deliveries failed since last time, and
// whether we have those events anyway (the event lists usually filled the gap already; one we
// still lack is fetched by id). The summary is kept on the run for the admin page.
import "server-only";
import { deliveryOfClinic, type WebhookDelivery } from "@/lib/contract";
import { walkPages } from "@/lib/clinic-api/pagination";
import type { Db } from "@/lib/db";
import { storeEvents } from "@/lib/events/store";
import {
  DEFAULT_OVERLAP_DAYS,
  sinceFilter,
  type ReconcileFeed,
  type ReconcileOptions,
} from "@/lib/events/reconcile/feed";
import type { RunCounters } from "@/lib/events/reconcile/progress";

export const DELIVERIES_CURSOR = "deliveries";
const SUMMARY_LIMIT = 200;

export interface FailedDeliverySummary {
  eventId: string;
  eventType: string;
  failedAttempts: number;
  lastAttemptAt: string;
  lastStatus: number | null;
  lastError: string | null;
  storedLocally: boolean;
  [key: string]: string | number | boolean | null;
}

export async function reconcileDeliveries(
  db: Db,
  feed: ReconcileFeed,
  clinicId: string,
  options: ReconcileOptions,
  counters: RunCounters,
): Promise<FailedDeliverySummary[]> {
  const where = { clinicId_category: { clinicId, category: DELIVERIES_CURSOR } };
  const cursor = await db.reconciliationCursor.findUnique({ where });
  const attemptedAt = sinceFilter(cursor?.lastCreatedAt ?? null, options.overlapDays ?? DEFAULT_OVERLAP_DAYS);
  const failed: WebhookDelivery[] = [];
  const pages = walkPages((page) =>
    feed.listDeliveries(
      { successfully_delivered: "false", attempted_at: attemptedAt, sort_by: "attempted_at", order_by: "ASC" },
      page,
    ),
  );
  for await (const page of pages) {
    failed.push(...page.items.filter((d) => deliveryOfClinic(d, clinicId)));
    counters.pagesDone += 1;
    counters.pagesTotal = Math.max(page.meta.total_pages, counters.pagesDone);
  }

  const byEvent = new Map<string, WebhookDelivery[]>();
  for (const d of failed) byEvent.set(d.event_id, [...(byEvent.get(d.event_id) ?? []), d]);
  const ids = [...byEvent.keys()];
  const have = new Set(
    (await db.event.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((e) => e.id),
  );
  for (const id of ids.filter((i) => !have.has(i))) {
    const event = await feed.getEvent(id).catch(() => null); // gone (older than 30 days) or not ours
    if (!event) continue;
    const inserted = await storeEvents(db, [event], "reconciliation");
    if (inserted.length > 0) await options.enqueueProcessing(inserted);
    counters.inserted += inserted.length;
    have.add(id);
  }

  const latest = failed.reduce<Date | null>(
    (max, d) => (!max || new Date(d.attempted_at) > max ? new Date(d.attempted_at) : max),
    null,
  );
  if (latest)
    await db.reconciliationCursor.upsert({
      where,
      create: { clinicId, category: DELIVERIES_CURSOR, lastCreatedAt: latest },
      update: { lastCreatedAt: latest },
    });

  return ids.slice(-SUMMARY_LIMIT).map((eventId) => {
    const attempts = byEvent.get(eventId) ?? [];
    const last = attempts[attempts.length - 1];
    return {
      eventId,
      eventType: last.event_type ?? "",
      failedAttempts: attempts.length,
      lastAttemptAt: last.attempted_at,
      lastStatus: last.status_code ?? null,
      lastError: last.error ?? null,
      storedLocally: have.has(eventId),
    };
  });
}
