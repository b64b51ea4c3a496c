// The id-only side of a list page. The platform's documentation says an event list gives the
// matching events' ids and GET /api/events/{id} gives each one's details, so a page may name events
// without carrying them (or carry some whole and name others). Of the named ones, only those the
// store lacks are retrieved: one query for the page's ids, then one GET per missing event, a few at
// a time. Each GET takes its turn from the clinic's background share of the platform's rate limit,
// as every call of the run does (the feed is the clinic's background client, lib/auth/platform-client.ts).
import "server-only";
import { NotFoundError, PlatformUnavailableError, UnexpectedResponseError } from "@/lib/clinic-api/errors";
import type { EventListItem, EventRecord } from "@/lib/contract";
import type { Db } from "@/lib/db";
import type { ReconcileFeed } from "@/lib/events/reconcile/feed";
import { BACKGROUND_CALLS_IN_FLIGHT } from "@/lib/limits/platform-quota";

/**
 * Retrievals in flight at once in one run, across its pages and lists: the run's whole budget of
 * calls in flight, which its list pages share (run.ts). Against the platform the clinic's background
 * share of the rate limit sets the pace of the calls, this their overlap (lib/quota).
 */
export const RETRIEVALS_IN_FLIGHT = BACKGROUND_CALLS_IN_FLIGHT;

export interface CompletedPage {
  /** What to store: the events the page carried whole and those retrieved. */
  events: EventRecord[];
  /** When the named events already stored were created: the cursor moves past them too. */
  storedCreatedAt: Date[];
  /** Named events that could not be retrieved; the category's cursor stays so a later run tries again. */
  unretrieved: Array<{ id: string; error: unknown }>;
  /** A failure that concerns the whole run (refused, rate limited), after the others in flight ended. */
  stopped: unknown;
}

/** Runs at most `limit` tasks at once; the rest wait their turn in order. */
export type Slots = <T>(task: () => Promise<T>) => Promise<T>;

export function slots(limit: number): Slots {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/** A failure of one event's retrieval (it is gone, or the platform failed on it), not of the run. */
function isOneEventsFailure(error: unknown): boolean {
  return (
    error instanceof NotFoundError ||
    error instanceof PlatformUnavailableError ||
    error instanceof UnexpectedResponseError
  );
}

export async function completePage(
  db: Db,
  feed: ReconcileFeed,
  items: readonly EventListItem[],
  inSlot: Slots,
): Promise<CompletedPage> {
  const events = items.flatMap((item) => item.event ?? []);
  const named = items.filter((item) => item.event === null).map((item) => item.id);
  const page: CompletedPage = { events, storedCreatedAt: [], unretrieved: [], stopped: null };
  if (named.length === 0) return page;

  const stored = await db.event.findMany({ where: { id: { in: named } }, select: { id: true, createdAt: true } });
  page.storedCreatedAt = stored.map((e) => e.createdAt);
  const have = new Set(stored.map((e) => e.id));
  const missing = [...new Set(named.filter((id) => !have.has(id)))];
  await Promise.all(
    missing.map((id) =>
      inSlot(async () => {
        if (page.stopped) return; // the run is ending: no call the run would not use
        try {
          events.push(await feed.getEvent(id));
        } catch (error) {
          if (isOneEventsFailure(error)) page.unretrieved.push({ id, error });
          else page.stopped ??= error;
        }
      }),
    ),
  );
  return page;
}
