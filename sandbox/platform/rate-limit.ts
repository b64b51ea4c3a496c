// 5000 requests per rolling 5 minutes per application → 429 with Retry-After (docs/platform-api.md).
import type { SandboxState } from "../state/store";

export function takeRateLimit(
  s: SandboxState,
  applicationId: string,
): { ok: true } | { ok: false; retryAfter: number } {
  const now = s.clock.now();
  const windowMs = s.rateLimit.windowSeconds * 1000;
  let hits = s.rateWindows.get(applicationId);
  if (!hits) {
    hits = [];
    s.rateWindows.set(applicationId, hits);
  }
  let drop = 0;
  while (drop < hits.length && hits[drop] <= now - windowMs) drop++;
  if (drop) hits.splice(0, drop);
  if (hits.length >= s.rateLimit.limit) {
    return { ok: false, retryAfter: Math.max(1, Math.ceil((hits[0] + windowMs - now) / 1000)) };
  }
  hits.push(now);
  return { ok: true };
}
