// A fair share of the platform's rate limit. The platform counts this application's requests, all
// clinics together; without shares one person's burst of list calls would make every clinic's
// pages answer "the platform is busy". Before each request to the platform the app takes a turn: from
// the user's share, then the clinic's, then the application's whole limit; background work
// (reconciliation, alert checks) has a share of its own per clinic and waits while people have used
// most of the limit. The counters are rate-limiter-flexible's PostgreSQL store in our database, so
// every app process counts against the same numbers. A person over their share is told so in plain
// words (the action's failure, lib/actions/platform-failure.ts); the others go on working.
import "server-only";
import { RateLimiterPostgres } from "rate-limiter-flexible";
import { getConfig } from "@/lib/config";
import { pool, type Sql } from "@/lib/db/pool";
import { log } from "@/lib/log/logger";
import { hook } from "@/lib/hooks";

/** A count the quota's database could not take: tried again, or then refused (the metrics listen). */
export const quotaFailures = hook<"retried" | "refused">("quota-failure");

/** Of the application's limit per window: one user, one clinic, one clinic's background work. */
export const SHARES = { user: 0.1, clinic: 0.25, background: 0.1 } as const;
/**
 * Calls one clinic's background work (a reconciliation run) has in flight at once: at the platform's
 * distance (50–200 ms a call) calls one after another leave the share unused; this many overlap. The
 * share's points still set how many calls a window allows.
 */
export const BACKGROUND_CALLS_IN_FLIGHT = 8;
/** Background work waits while more than this part of the application's limit is spent. */
export const BACKGROUND_YIELDS_ABOVE = 0.6;
/** How long background work waits for a turn in all before it gives up (its run fails visibly). */
const BACKGROUND_MAX_WAIT_MS = 120_000;

/** Whose request it is: a person of a clinic, or the clinic's background work (userId null). */
export interface QuotaScope {
  clinicId: string;
  userId: string | null;
}

export type QuotaLevel = "user" | "clinic" | "app" | "background";

/** A request the app did not send, because its share of the platform's limit is used up for now. */
export class QuotaExceededError extends Error {
  constructor(
    readonly level: QuotaLevel,
    readonly retryAfterMs: number,
  ) {
    super(`The ${level} share of the platform's rate limit is used up for now.`);
    this.name = "QuotaExceededError";
  }
}

interface Limiters {
  user: RateLimiterPostgres;
  clinic: RateLimiterPostgres;
  app: RateLimiterPostgres;
  background: RateLimiterPostgres;
  points: number;
}

/** The application's limit on the platform: `points` requests every `windowSeconds`. */
export interface PlatformLimit {
  points: number;
  windowSeconds: number;
}

/** Takes one turn for a request to the platform; throws QuotaExceededError when the share is used up. */
export type TakeTurn = (scope: QuotaScope) => Promise<void>;

/** The shares of `limit`, counted in `store`'s platform_quota table. */
export function platformQuota(store: Sql, limit: PlatformLimit): TakeTurn {
  const make = (keyPrefix: string, share: number, clearExpired = false) =>
    new RateLimiterPostgres({
      storeClient: store,
      storeType: "pool",
      tableName: "platform_quota",
      tableCreated: true, // the migration made it
      clearExpiredByTimeout: clearExpired,
      keyPrefix,
      points: Math.max(1, Math.floor(limit.points * share)),
      duration: limit.windowSeconds,
    });
  const limiters: Limiters = {
    user: make("user", SHARES.user),
    clinic: make("clinic", SHARES.clinic),
    app: make("app", 1, true),
    background: make("background", SHARES.background),
    points: limit.points,
  };
  return (scope) => takeTurn(limiters, scope);
}

// One per module copy, not one per process on globalThis: Next.js bundles this module into several
// chunks, and a QuotaExceededError must come from the same copy as the code that recognises it
// (lib/actions/platform-failure.ts). The counters are in the database, so every copy counts against
// the same numbers.
let quota: TakeTurn | undefined;

/** One turn for a request to the platform; throws QuotaExceededError when the share is used up. */
export function takePlatformTurn(scope: QuotaScope): Promise<void> {
  quota ??= platformQuota(pool(), getConfig().platformRateLimit);
  return quota(scope);
}

/**
 * Whether a limiter's rejection is its refusal (a RateLimiterRes, not an Error) rather than a store
 * failure. Told by shape, not by class: where a bundle carries its own copy of the package, its
 * refusals are another class than the one imported here, and a refusal read as a failure lets the
 * request through uncounted.
 */
function isRefusal(rejection: unknown): rejection is { msBeforeNext: number } {
  if (typeof rejection !== "object" || rejection === null || rejection instanceof Error) return false;
  const fields = rejection as Record<string, unknown>;
  return typeof fields.msBeforeNext === "number" && typeof fields.remainingPoints === "number";
}

/** A store failure is tried again once after this; a second failure refuses the request. */
export const COUNT_RETRY_MS = 150;
/** What a person is told to wait when their turn could not be counted. */
const UNCOUNTED_RETRY_MS = 5_000;

/**
 * Takes one point from `limiter`; a refusal becomes QuotaExceededError (the point is counted all the
 * same). A store failure is tried again once; a second one refuses the request too: a count that
 * fails must not become an unlimited pass, or one person could spend every clinic's share while the
 * counters' database is in trouble. Counted in a metric, for an alert. Resolves with true (counted).
 */
async function take(limiter: RateLimiterPostgres, key: string, level: QuotaLevel): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      await limiter.consume(key);
      return true;
    } catch (rejection) {
      if (isRefusal(rejection)) throw new QuotaExceededError(level, rejection.msBeforeNext);
      quotaFailures.emit(attempt === 1 ? "retried" : "refused");
      if (attempt > 1) {
        log.error(`quota: counting failed twice, request not sent: ${describe(rejection)}`);
        throw new QuotaExceededError(level, UNCOUNTED_RETRY_MS);
      }
      await sleep(COUNT_RETRY_MS);
    }
  }
}

async function takeTurn(l: Limiters, scope: QuotaScope): Promise<void> {
  if (scope.userId !== null) {
    // The three counters at once (one after another they would be three writes before every call
    // the person waits for). A refusal at any level gives back the point at every level that counted it
    // (a refused point is counted too): the call is not made, so a person over their share spends
    // nothing of the clinic's, and a clinic over its share nothing of the application's.
    const levels: Array<[RateLimiterPostgres, string, QuotaLevel]> = [
      [l.user, `${scope.clinicId}:${scope.userId}`, "user"],
      [l.clinic, scope.clinicId, "clinic"],
      [l.app, "all", "app"],
    ];
    const outcomes = await Promise.allSettled(levels.map(([limiter, key, level]) => take(limiter, key, level)));
    const refused = outcomes.find((o): o is PromiseRejectedResult => o.status === "rejected");
    if (!refused) return;
    await Promise.all(
      levels
        .filter((_, i) => outcomes[i].status === "rejected" || (outcomes[i] as PromiseFulfilledResult<boolean>).value)
        .map(([limiter, key]) => limiter.reward(key, 1).catch(() => undefined)),
    );
    throw refused.reason;
  }
  const deadline = Date.now() + BACKGROUND_MAX_WAIT_MS;
  for (;;) {
    const spent = await l.app.get("all").catch(() => null);
    const busy = spent !== null && spent.consumedPoints > l.points * BACKGROUND_YIELDS_ABOVE;
    if (!busy) {
      try {
        await take(l.background, scope.clinicId, "background");
        await take(l.app, "all", "app");
        return;
      } catch (error) {
        if (!(error instanceof QuotaExceededError) || Date.now() + error.retryAfterMs > deadline) throw error;
        await sleep(error.retryAfterMs);
        continue;
      }
    }
    // People first: wait until the window has room again (or give up, visibly).
    const wait = Math.max(spent?.msBeforeNext ?? 1000, 250);
    if (Date.now() + wait > deadline) throw new QuotaExceededError("background", wait);
    await sleep(wait);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 10_000)));

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : "unknown failure";
}
