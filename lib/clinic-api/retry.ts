// When the client may try a request again, and how long it waits first. Only what cannot cause a
// double effect is retried: a 429 (the platform did not process the request), and for GET also a
// 502/503/504, a time-out or a network error. A POST that timed out may have been processed, and a
// refresh token sent twice would be spent, so those fail at once. Pure: time and chance are injected.

export interface RetryPolicy {
  /** Total attempts including the first. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the caller gets RateLimitedError instead. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 200,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 30_000,
};

export type AttemptOutcome =
  { kind: "response"; status: number; retryAfterMs?: number } | { kind: "network" } | { kind: "timeout" };

export type RetryDecision = { retry: false } | { retry: true; delayMs: number };

const RETRYABLE_FOR_SAFE_METHODS = new Set([429, 502, 503, 504]);
const SAFE_METHODS = new Set(["GET", "HEAD"]);

/**
 * `attempt` is the number of the attempt that just failed (1 for the first). `random` returns
 * [0, 1) and spreads the waits of many clients ("equal jitter": half fixed, half random).
 */
export function decideRetry(
  method: string,
  attempt: number,
  outcome: AttemptOutcome,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  random: () => number = Math.random,
): RetryDecision {
  if (attempt >= policy.maxAttempts) return { retry: false };
  const safe = SAFE_METHODS.has(method.toUpperCase());
  if (outcome.kind !== "response")
    return safe ? { retry: true, delayMs: backoff(attempt, policy, random) } : { retry: false };
  if (outcome.status === 429) {
    if (outcome.retryAfterMs === undefined) return { retry: true, delayMs: backoff(attempt, policy, random) };
    if (outcome.retryAfterMs > policy.maxRetryAfterMs) return { retry: false };
    return { retry: true, delayMs: outcome.retryAfterMs };
  }
  if (safe && RETRYABLE_FOR_SAFE_METHODS.has(outcome.status)) {
    // A 503 may say when to come back, too.
    const delayMs = outcome.retryAfterMs ?? backoff(attempt, policy, random);
    return delayMs > policy.maxRetryAfterMs ? { retry: false } : { retry: true, delayMs };
  }
  return { retry: false };
}

export function backoff(attempt: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 10.2.3); undefined if absent or bad. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date always names a weekday and month; this keeps Date.parse from reading "-3" as a year.
  const date = /[a-z]{3}/i.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
