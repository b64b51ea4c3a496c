// The Webhooks tab's data: the platform's delivery log (one page, filtered), delivery success per
// day, what our endpoint received, and the gaps reconciliation had to fill. Platform calls go through
// the admin's own connection; only this clinic's rows are ever returned.
import "server-only";
import { db } from "@/lib/db";
import { clientForUser, type Actor } from "@/lib/auth";
import { readPagesAtOnce } from "@/lib/clinic-api/pagination";
import { DATA_ISSUE_TEXT, type DataIssue } from "@/lib/events/record";
import { deliveryOfClinic, type PaginationMeta, type WebhookDelivery } from "@/lib/contract";
import { addDays } from "@/lib/events/timeline/period";
import { paginate } from "@/lib/contract/pagination";
import { chartWindow, countDeliveriesPerDay, type DeliveryChart } from "@/lib/admin/delivery-chart";
import { clinicDays, deliveryQuery, type DeliveryFilters } from "@/lib/admin/delivery-filters";
import { topLevelKeys } from "@/lib/webhooks/unread";

export type DeliveryRow = Pick<
  WebhookDelivery,
  | "id"
  | "event_id"
  | "event_type"
  | "attempt"
  | "attempted_at"
  | "status_code"
  | "successfully_delivered"
  | "error"
  | "duration_ms"
  | "next_attempt_at"
>;

/** Reads at most this many pages of 100 attempts for a date-filtered log; beyond it the page says so. */
export const DATED_MAX_PAGES = 20;

/**
 * One page of the clinic's delivery log as the filters ask. Without a date filter it is the
 * platform's page. With one, the days are the clinic's (its zone), not the platform's UTC days: the
 * attempts of the widened UTC days are read (up to DATED_MAX_PAGES pages), those outside the
 * clinic's days dropped, and the page cut from what is left (`truncated` when the read stopped short).
 */
export async function loadDeliveries(
  actor: Actor,
  filters: DeliveryFilters,
  timeZone: string,
): Promise<{ rows: DeliveryRow[]; meta: PaginationMeta; truncated: boolean }> {
  const { filter, page } = deliveryQuery(filters);
  const client = await clientForUser(actor.userId);
  if (!filters.attempted_at) {
    const result = await client.listDeliveries(filter, page);
    return { rows: rowsOf(result.items, actor.clinicId), meta: result.meta, truncated: false };
  }
  const { platform, range } = clinicDays(filters.attempted_at, timeZone);
  const inRange = (d: WebhookDelivery) => {
    const at = Date.parse(d.attempted_at);
    return (!range.gte || at >= range.gte.getTime()) && (!range.lt || at < range.lt.getTime());
  };
  const kept: WebhookDelivery[] = [];
  let truncated = false;
  // The first page, then the others it announces at once: two round trips, as the chart reads.
  const reads = await readPagesAtOnce((p) => client.listDeliveries({ ...filter, attempted_at: platform }, p), {
    maxPages: DATED_MAX_PAGES,
  });
  for (const read of reads) {
    kept.push(...read.items.filter((d) => inRange(d) && deliveryOfClinic(d, actor.clinicId)));
    truncated = read.truncated;
  }
  const { items, meta } = paginate(kept, page.number, page.size);
  return { rows: rowsOf(items, actor.clinicId), meta, truncated };
}

function rowsOf(items: WebhookDelivery[], clinicId: string): DeliveryRow[] {
  return items
    .filter((d) => deliveryOfClinic(d, clinicId))
    .map(
      ({
        id,
        event_id,
        event_type,
        attempt,
        attempted_at,
        status_code,
        successfully_delivered,
        error,
        duration_ms,
        next_attempt_at,
      }) => ({
        id,
        event_id,
        event_type,
        attempt,
        attempted_at,
        status_code,
        successfully_delivered,
        error,
        duration_ms,
        next_attempt_at,
      }),
    );
}

/** Reads at most this many pages of 100 attempts for the chart; beyond it the chart says so. */
export const CHART_MAX_PAGES = 20;

export async function loadDeliveryChart(
  actor: Actor,
  timeZone: string,
  days = 14,
  now = new Date(),
): Promise<DeliveryChart> {
  const window = chartWindow(now, days, timeZone);
  const client = await clientForUser(actor.userId);
  const attempts: WebhookDelivery[] = [];
  let truncated = false;
  // The first page, then the others it announces at once: two round trips at the platform's distance.
  const pages = await readPagesAtOnce(
    (page) =>
      client.listDeliveries(
        // The platform's days are UTC's: a day either side covers the clinic's first and last.
        {
          attempted_at: `${addDays(window.from, -1)}..${addDays(window.to, 1)}`,
          sort_by: "attempted_at",
          order_by: "DESC",
        },
        page,
      ),
    { maxPages: CHART_MAX_PAGES },
  );
  for (const page of pages) {
    attempts.push(...page.items.filter((d) => deliveryOfClinic(d, actor.clinicId)));
    truncated = page.truncated;
  }
  return { from: window.from, to: window.to, days: countDeliveriesPerDay(attempts, window), truncated };
}

export interface GapEvent {
  id: string;
  type: string;
  createdAt: string;
  receivedAt: string;
}

export interface WebhookHealth {
  lastReceiptAt: string | null;
  receiptsLast24h: number;
  duplicatesLast24h: number;
  gapsTotal: number;
  gapsLast7Days: number;
  recentGaps: GapEvent[];
  /** Events kept as received whose data could not be stored or shown as sent (marked, newest first). */
  keptAsReceived: number;
  recentKeptAsReceived: Array<{ id: string; type: string; receivedAt: string; issue: string }>;
  /** Signed deliveries that were no event we can read (kept raw, acknowledged), newest first. */
  unread: number;
  recentUnread: UnreadDeliveryView[];
  /** Unreadable deliveries beyond the day's keep, counted but not kept (within the kept days). */
  dropped: Dropped;
}

export interface Dropped {
  count: number;
  bytes: number;
}

/** What admins see of a delivery that could not be read: when, why, its size and top-level keys (never its content). */
export interface UnreadDeliveryView {
  id: string;
  receivedAt: string;
  reason: string;
  bytes: number;
  keys: string;
}

/**
 * Deliveries that could not be read name no clinic (they are the endpoint's, not one clinic's), so
 * every admin sees them; only their shape is shown, not their content, which may be any clinic's.
 * Beyond the day's keep they are counted only (lib/webhooks/unread.ts): those counts are shown too.
 */
async function loadUnread(): Promise<{ unread: number; recentUnread: UnreadDeliveryView[]; dropped: Dropped }> {
  const [unread, recent, dropped] = await Promise.all([
    db.unreadDelivery.count(),
    db.unreadDelivery.findMany({ orderBy: { receivedAt: "desc" }, take: 10 }),
    db.unreadDeliveryDrop.aggregate({ _sum: { count: true, bytes: true } }),
  ]);
  return {
    unread,
    recentUnread: recent.map((r) => ({
      id: r.id,
      receivedAt: r.receivedAt.toISOString(),
      reason: r.reason,
      // Rows kept before sizes and keys were stored hold their whole body.
      bytes: r.bytes || Buffer.byteLength(r.raw, "utf8"),
      keys: r.keys ?? topLevelKeys(r.raw),
    })),
    dropped: { count: dropped._sum.count ?? 0, bytes: Number(dropped._sum.bytes ?? 0) },
  };
}

/** From our own tables: what the endpoint received and which events came only by reconciliation. */
export async function loadWebhookHealth(clinicId: string, now = new Date()): Promise<WebhookHealth> {
  const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000);
  const weekAgo = new Date(now.getTime() - 7 * 24 * 3600 * 1000);
  const marked = { clinicId, dataIssue: { not: null } };
  const [last, receipts, duplicates, [gaps], recent, keptAsReceived, recentMarked, unread] = await Promise.all([
    db.webhookReceipt.findFirst({
      where: { clinicId },
      orderBy: { receivedAt: "desc" },
      select: { receivedAt: true },
    }),
    db.webhookReceipt.count({ where: { clinicId, receivedAt: { gte: dayAgo } } }),
    db.webhookReceipt.count({ where: { clinicId, receivedAt: { gte: dayAgo }, duplicate: true } }),
    // The source in the statement's text, not as a parameter: only then can PostgreSQL use the
    // partial indexes that hold just these events (migration 20261124210000_admin_health_indexes).
    db.$queryRaw<Array<{ total: number; week: number }>>`
        SELECT count(*)::int AS total, (count(*) FILTER (WHERE received_at >= ${weekAgo}))::int AS week
        FROM events WHERE clinic_id = ${clinicId} AND source = 'reconciliation'`,
    db.$queryRaw<Array<{ id: string; type: string; createdAt: Date; receivedAt: Date }>>`
        SELECT id, type, created_at AS "createdAt", received_at AS "receivedAt"
        FROM events WHERE clinic_id = ${clinicId} AND source = 'reconciliation'
        ORDER BY created_at DESC LIMIT 20`,
    db.event.count({ where: marked }),
    db.event.findMany({
      where: marked,
      orderBy: { receivedAt: "desc" },
      take: 20,
      select: { id: true, type: true, receivedAt: true, dataIssue: true },
    }),
    loadUnread(),
  ]);
  return {
    lastReceiptAt: last?.receivedAt.toISOString() ?? null,
    receiptsLast24h: receipts,
    duplicatesLast24h: duplicates,
    gapsTotal: gaps?.total ?? 0,
    gapsLast7Days: gaps?.week ?? 0,
    recentGaps: recent.map((e) => ({
      id: e.id,
      type: e.type,
      createdAt: e.createdAt.toISOString(),
      receivedAt: e.receivedAt.toISOString(),
    })),
    keptAsReceived,
    recentKeptAsReceived: recentMarked.map((e) => ({
      id: e.id,
      type: e.type,
      receivedAt: e.receivedAt.toISOString(),
      issue: DATA_ISSUE_TEXT[e.dataIssue as DataIssue] ?? DATA_ISSUE_TEXT["not-storable"],
    })),
    ...unread,
  };
}
