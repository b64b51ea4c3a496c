// Fault injection state (POST /__sandbox/faults). "Next N" counters make tests repeatable; the
// random error rate draws from a seeded stream.
import type { FaultsRequest } from "@/lib/contract";

export interface PathCounter {
  count: number;
  pathPrefix: string | null;
  method: string | null;
}
export interface Faults {
  latencyMs: number;
  /** Spread of the latency: each request waits latencyMs ± up to jitterMs. */
  jitterMs: number;
  errorRate: number;
  failNext: (PathCounter & { status: number }) | null;
  rateLimitNext: (PathCounter & { retryAfter: number }) | null;
  dropNext: PathCounter | null;
  webhookDuplicateNext: number;
  webhookReorderNext: number;
  webhookDelayNext: { count: number; ms: number } | null;
  webhookDropNext: number;
  webhookFailNext: { count: number; status: number } | null;
}

export function noFaults(): Faults {
  return {
    latencyMs: 0,
    jitterMs: 0,
    errorRate: 0,
    failNext: null,
    rateLimitNext: null,
    dropNext: null,
    webhookDuplicateNext: 0,
    webhookReorderNext: 0,
    webhookDelayNext: null,
    webhookDropNext: 0,
    webhookFailNext: null,
  };
}

/** Merges a request into the current faults (fields not given stay as they are). */
export function applyFaults(current: Faults, req: FaultsRequest): Faults {
  const f = req.clear ? noFaults() : { ...current };
  if (req.latency_ms !== undefined) f.latencyMs = req.latency_ms;
  if (req.jitter_ms !== undefined) f.jitterMs = req.jitter_ms;
  if (req.error_rate !== undefined) f.errorRate = req.error_rate;
  if (req.fail_next)
    f.failNext = {
      count: req.fail_next.count,
      status: req.fail_next.status ?? 500,
      pathPrefix: req.fail_next.path_prefix ?? null,
      method: req.fail_next.method ?? null,
    };
  if (req.rate_limit_next)
    f.rateLimitNext = {
      count: req.rate_limit_next.count,
      retryAfter: req.rate_limit_next.retry_after ?? 30,
      pathPrefix: req.rate_limit_next.path_prefix ?? null,
      method: req.rate_limit_next.method ?? null,
    };
  if (req.drop_next)
    f.dropNext = {
      count: req.drop_next.count,
      pathPrefix: req.drop_next.path_prefix ?? null,
      method: req.drop_next.method ?? null,
    };
  if (req.webhook_duplicate_next !== undefined) f.webhookDuplicateNext = req.webhook_duplicate_next;
  if (req.webhook_reorder_next !== undefined) f.webhookReorderNext = req.webhook_reorder_next;
  if (req.webhook_delay_next) f.webhookDelayNext = { ...req.webhook_delay_next };
  if (req.webhook_drop_next !== undefined) f.webhookDropNext = req.webhook_drop_next;
  if (req.webhook_fail_next)
    f.webhookFailNext = { count: req.webhook_fail_next.count, status: req.webhook_fail_next.status ?? 503 };
  return f;
}

/** Consumes one unit of a scoped counter when it applies to this request's method and path. */
export function takeFromCounter(counter: PathCounter | null, method: string, path: string): boolean {
  if (!counter || counter.count <= 0) return false;
  if (counter.pathPrefix && !path.startsWith(counter.pathPrefix)) return false;
  if (counter.method && counter.method !== method) return false;
  counter.count -= 1;
  return true;
}

export function describeFaults(f: Faults) {
  return {
    latency_ms: f.latencyMs,
    jitter_ms: f.jitterMs,
    error_rate: f.errorRate,
    fail_next: f.failNext,
    rate_limit_next: f.rateLimitNext,
    drop_next: f.dropNext,
    webhook_duplicate_next: f.webhookDuplicateNext,
    webhook_reorder_next: f.webhookReorderNext,
    webhook_delay_next: f.webhookDelayNext,
    webhook_drop_next: f.webhookDropNext,
    webhook_fail_next: f.webhookFailNext,
  };
}

/** Consumes one injected delivery failure: the status the attempt is recorded with, or null. */
export function takeWebhookFailure(f: Faults): number | null {
  if (!f.webhookFailNext || f.webhookFailNext.count <= 0) return null;
  f.webhookFailNext.count -= 1;
  return f.webhookFailNext.status;
}

/** This request's delay: the latency, moved by up to the jitter either way (never below zero). */
export function drawLatency(f: Faults, random: () => number): number {
  if (f.jitterMs <= 0) return f.latencyMs;
  return Math.max(0, f.latencyMs + (random() * 2 - 1) * f.jitterMs);
}
