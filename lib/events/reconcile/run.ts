// One clinic's reconciliation: for each of the six event lists, page (100 at a time, oldest first)
// through everything since the list's cursor minus an overlap, store what is missing by id, and move
// the cursor; and read the delivery log for failed deliveries. A list may give ids alone: those
// events the store lacks are retrieved one by one (retrieve.ts). Safe to run twice or concurrently
// with webhooks: the store ignores ids it has. Not the scheduling (request.ts, lib/jobs).
//
// The platform is a round trip away (50–200 ms): the six lists and the delivery log are read at
// once, each list's pages fetched ahead in order once its first page has said how many there are,
// and every call of the run (list pages and retrievals alike) shares one budget of calls in flight,
// the background share's concurrency (BACKGROUND_CALLS_IN_FLIGHT). A run then waits about
// calls ÷ that concurrency round trips, not one per call.
import "server-only";
import {
  ForbiddenError,
  NotFoundError,
  PlatformUnavailableError,
  RateLimitedError,
  UnauthorizedError,
  UnexpectedResponseError,
  ValidationError,
} from "@/lib/clinic-api/errors";
import { EVENT_CATEGORIES, type EventCategory, type EventListItem } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { storeEvents } from "@/lib/events/store";
import { reconcileDeliveries } from "@/lib/events/reconcile/deliveries";
import {
  DEFAULT_OVERLAP_DAYS,
  sinceFilter,
  type ReconcileFeed,
  type ReconcileOptions,
} from "@/lib/events/reconcile/feed";
import { newCounters, saveProgress, type RunCounters } from "@/lib/events/reconcile/progress";
import { completePage, slots, type Slots } from "@/lib/events/reconcile/retrieve";
import { pagesAhead } from "@/lib/clinic-api/pagination";
import { BACKGROUND_CALLS_IN_FLIGHT, QuotaExceededError } from "@/lib/limits/platform-quota";
import { log } from "@/lib/log/logger";

/**
 * A failed run's error as the admin pages show it: a catalog key for the app's own words (said in
 * the reader's language, components/ui/stored-text.tsx), the platform's own message where it gave
 * one (safe to show: no token, no body), never anything else an exception says.
 */
export function runErrorText(error: unknown): string {
  if (error instanceof PlatformUnavailableError) return "actions.platformUnavailable";
  if (error instanceof UnauthorizedError) return "actions.connectionRefused";
  if (error instanceof UnexpectedResponseError) return "actions.platformUnexpected";
  if (error instanceof ForbiddenError || error instanceof ValidationError || error instanceof NotFoundError)
    return error.message;
  if (error instanceof RateLimitedError) return "events.reconciliation.errors.busy";
  if (error instanceof QuotaExceededError) return "events.reconciliation.errors.quota";
  return "events.reconciliation.errors.failed";
}

/** Pages being stored at once (more add no speed on a small database server). */
export const STORES_IN_FLIGHT = 2;

/**
 * A run's error when it stored everything else but some events a list named could not be retrieved
 * (catalog key, said where the run is shown). Their lists' cursors stayed, so the next run tries again.
 */
export const UNRETRIEVED_MESSAGE = "events.reconciliation.errors.unretrieved";

/** How often a run's progress is written while it pages through a list. */
const PROGRESS_EVERY_MS = 250;

export async function reconcileClinic(
  db: Db,
  feed: ReconcileFeed,
  clinicId: string,
  runId: string,
  options: ReconcileOptions,
): Promise<RunCounters> {
  const counters = newCounters();
  await db.reconciliationRun.update({
    where: { id: runId },
    data: { status: "running", startedAt: new Date(), finishedAt: null, error: null, ...counters },
  });
  try {
    // One budget of platform calls in flight for the whole run, whichever list or page asks, and one
    // of pages being stored.
    const inSlot = slots(BACKGROUND_CALLS_IN_FLIGHT);
    const storeSlot = slots(STORES_IN_FLIGHT);
    const slotted: ReconcileFeed = {
      listEvents: (...args) => inSlot(() => feed.listEvents(...args)),
      getEvent: (...args) => inSlot(() => feed.getEvent(...args)),
      listDeliveries: (...args) => inSlot(() => feed.listDeliveries(...args)),
    };
    const progress = new ListsProgress(counters);
    const lists = EVENT_CATEGORIES.map(async (category) => {
      const left = await reconcileCategory(db, feed, clinicId, runId, category, counters, options, {
        inSlot,
        storeSlot,
        progress,
      });
      counters.stepsDone += 1;
      progress.finish(category);
      await saveProgress(db, runId, counters);
      return left;
    });
    const deliveries = reconcileDeliveries(db, slotted, clinicId, options, counters).then((failed) => {
      counters.stepsDone += 1;
      return failed;
    });
    // Every list ends (stored or failed) before the run is marked: nothing writes behind its end.
    const settled = await Promise.allSettled([...lists, deliveries]);
    const rejected = settled.find((r) => r.status === "rejected");
    if (rejected) throw rejected.reason;
    const values = settled.map((r) => (r as PromiseFulfilledResult<number>).value);
    const unretrieved = values.slice(0, lists.length).reduce((a, b) => a + b, 0);
    const failed = values[lists.length]!;
    // Events that could not be retrieved fail the run visibly, but nothing else is lost and no job
    // retry is spent: their cursors stayed, so the next run (scheduled or asked for) tries them again.
    if (unretrieved > 0) log.error("reconcile: listed events could not be retrieved", { clinicId, runId, unretrieved });
    await db.reconciliationRun.update({
      where: { id: runId },
      data: {
        ...counters,
        status: unretrieved > 0 ? "failed" : "succeeded",
        error: unretrieved > 0 ? UNRETRIEVED_MESSAGE : null,
        finishedAt: new Date(),
        failedDeliveries: failed,
      },
    });
    return counters;
  } catch (error) {
    const message = runErrorText(error);
    log.error("reconcile: run failed", { clinicId, runId, err: error });
    await db.reconciliationRun.update({
      where: { id: runId },
      data: { ...counters, status: "failed", finishedAt: new Date(), error: message },
    });
    throw error;
  }
}

/**
 * The page counters of the lists under way, summed (the lists are read at once): the admin page's
 * bar shows the finished steps plus the part of the pages of the others read so far.
 */
class ListsProgress {
  private readonly lists = new Map<EventCategory, { done: number; total: number }>();
  constructor(private readonly counters: RunCounters) {}
  page(category: EventCategory, total: number): void {
    const list = this.lists.get(category) ?? { done: 0, total: 0 };
    list.done += 1;
    list.total = Math.max(total, list.done);
    this.lists.set(category, list);
    this.sum();
  }
  finish(category: EventCategory): void {
    this.lists.delete(category);
    this.sum();
  }
  private sum(): void {
    this.counters.pagesDone = [...this.lists.values()].reduce((s, l) => s + l.done, 0);
    this.counters.pagesTotal = [...this.lists.values()].reduce((s, l) => s + l.total, 0);
  }
}

async function reconcileCategory(
  db: Db,
  feed: ReconcileFeed,
  clinicId: string,
  runId: string,
  category: EventCategory,
  counters: RunCounters,
  options: ReconcileOptions,
  { inSlot, storeSlot, progress }: { inSlot: Slots; storeSlot: Slots; progress: ListsProgress },
): Promise<number> {
  const cursorRow = await db.reconciliationCursor.findUnique({ where: { clinicId_category: { clinicId, category } } });
  const createdAt = sinceFilter(cursorRow?.lastCreatedAt ?? null, options.overlapDays ?? DEFAULT_OVERLAP_DAYS);
  let newest = cursorRow?.lastCreatedAt ?? null;
  const pages = pagesAhead(
    (page) =>
      inSlot(() => feed.listEvents(category, { created_at: createdAt, sort_by: "created_at", order_by: "ASC" }, page)),
    { ahead: BACKGROUND_CALLS_IN_FLIGHT },
  );
  // Each page's new ids are queued while the next page is fetched and stored; all are queued
  // before the cursor moves (a lost prompt would still be processed by the sweep).
  const queued: Array<Promise<void>> = [];
  let unretrieved = 0;
  const later = (at: Date) => {
    if (!newest || at > newest) newest = at;
  };
  const storePage = async (items: readonly EventListItem[], total: number) => {
    // The events it names by id alone and the store lacks are retrieved first (the feed's calls take
    // the run's slots); what was retrieved is stored even when the run must stop.
    const page = await completePage(db, feed, items, inSlot);
    const inserted = await storeSlot(() => storeEvents(db, page.events, "reconciliation"));
    if (inserted.length > 0) queued.push(options.enqueueProcessing(inserted));
    queued.at(-1)?.catch(() => undefined); // awaited below; not unhandled if a later page fails first
    counters.fetched += items.length;
    counters.inserted += inserted.length;
    progress.page(category, total);
    for (const e of page.events) later(new Date(e.created_at));
    page.storedCreatedAt.forEach(later);
    unretrieved += page.unretrieved.length;
    if (page.stopped) throw page.stopped;
  };
  // Pages are stored STORES_IN_FLIGHT at a time across the run's lists, on as many connections: the
  // database works on one while this process reads and sends the next. A list keeps at most
  // BACKGROUND_CALLS_IN_FLIGHT of its pages waiting for their store.
  const storing: Array<Promise<void>> = [];
  let lastSaved = performance.now();
  try {
    // Oldest first: a walk the page limit stops moves the cursor as far as it read; the next run goes on.
    for await (const page of pages) {
      if (storing.length >= BACKGROUND_CALLS_IN_FLIGHT) await storing.shift();
      const stored = storePage(page.items, page.meta.total_pages);
      stored.catch(() => undefined); // awaited in turn; not unhandled if an earlier one fails first
      storing.push(stored);
      // The admin page's bar moves a few times a second at most: no write per page of a fast run.
      if (performance.now() - lastSaved >= PROGRESS_EVERY_MS) {
        await saveProgress(db, runId, counters);
        lastSaved = performance.now();
      }
    }
    await Promise.all(storing);
  } finally {
    await Promise.allSettled(storing); // a failed walk leaves no store running behind the run's end
  }
  await Promise.all(queued);
  // An event named but not retrieved keeps the cursor where it was: the next run reads it again.
  if (newest && unretrieved === 0) {
    await db.reconciliationCursor.upsert({
      where: { clinicId_category: { clinicId, category } },
      create: { clinicId, category, lastCreatedAt: newest },
      update: { lastCreatedAt: newest },
    });
  }
  return unretrieved;
}
