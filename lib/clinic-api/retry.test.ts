import { describe, expect, it } from "vitest";
import {
  backoff,
  decideRetry,
  DEFAULT_RETRY_POLICY,
  parseRetryAfter,
  type AttemptOutcome,
  type RetryDecision,
} from "@/lib/clinic-api/retry";

const policy = { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1_000, maxRetryAfterMs: 10_000 };
const half = () => 0.5;
const res = (status: number, retryAfterMs?: number): AttemptOutcome => ({ kind: "response", status, retryAfterMs });

describe("decideRetry", () => {
  const rows: Array<[string, string, number, AttemptOutcome, RetryDecision]> = [
    ["GET 503 first attempt backs off", "GET", 1, res(503), { retry: true, delayMs: 75 }],
    ["GET 502 second attempt doubles", "GET", 2, res(502), { retry: true, delayMs: 150 }],
    ["GET 504 third attempt doubles again", "GET", 3, res(504), { retry: true, delayMs: 300 }],
    ["GET gives up after maxAttempts", "GET", 4, res(503), { retry: false }],
    ["GET 500 is not retried (a bug, not a blip)", "GET", 1, res(500), { retry: false }],
    ["GET 404 is not retried", "GET", 1, res(404), { retry: false }],
    ["GET 401 is not retried here (refresh handles it)", "GET", 1, res(401), { retry: false }],
    ["GET network error is retried", "GET", 1, { kind: "network" }, { retry: true, delayMs: 75 }],
    ["GET time-out is retried", "GET", 1, { kind: "timeout" }, { retry: true, delayMs: 75 }],
    ["GET 429 waits exactly Retry-After", "GET", 1, res(429, 2_000), { retry: true, delayMs: 2_000 }],
    ["GET 429 without Retry-After backs off", "GET", 1, res(429), { retry: true, delayMs: 75 }],
    ["GET 429 with a too-long Retry-After fails fast", "GET", 1, res(429, 60_000), { retry: false }],
    ["GET 503 honours Retry-After", "GET", 1, res(503, 3_000), { retry: true, delayMs: 3_000 }],
    ["POST 429 is retried (not processed)", "POST", 1, res(429, 1_000), { retry: true, delayMs: 1_000 }],
    ["POST 503 is not retried", "POST", 1, res(503), { retry: false }],
    ["POST 502 is not retried", "POST", 1, res(502), { retry: false }],
    ["POST network error is not retried (may have been processed)", "POST", 1, { kind: "network" }, { retry: false }],
    ["POST time-out is not retried", "POST", 1, { kind: "timeout" }, { retry: false }],
    ["PUT 503 is not retried", "PUT", 1, res(503), { retry: false }],
    ["DELETE 504 is not retried", "DELETE", 1, res(504), { retry: false }],
    ["lower-case get is still GET", "get", 1, res(503), { retry: true, delayMs: 75 }],
  ];
  it.each(rows)("%s", (_name, method, attempt, outcome, expected) => {
    expect(decideRetry(method, attempt, outcome, policy, half)).toEqual(expected);
  });

  it("caps the back-off at maxDelayMs and keeps jitter within [ceiling/2, ceiling]", () => {
    expect(backoff(10, policy, () => 0)).toBe(500);
    expect(backoff(10, policy, () => 0.999999)).toBe(1_000);
    expect(backoff(1, DEFAULT_RETRY_POLICY, () => 0)).toBe(DEFAULT_RETRY_POLICY.baseDelayMs / 2);
  });

  it("spreads waits with jitter", () => {
    const delays = new Set([0.1, 0.4, 0.9].map((r) => backoff(3, policy, () => r)));
    expect(delays.size).toBe(3);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2025-01-15T12:00:00Z");
  it.each([
    ["seconds", "7", 7_000],
    ["zero", "0", 0],
    ["HTTP date in the future", "Wed, 15 Jan 2025 12:00:05 GMT", 5_000],
    ["HTTP date in the past", "Wed, 15 Jan 2025 11:00:00 GMT", 0],
    ["absent", null, undefined],
    ["garbage", "soon", undefined],
    ["negative", "-3", undefined],
  ] as Array<[string, string | null, number | undefined]>)("%s", (_name, value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});
