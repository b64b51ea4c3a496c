// Failing webhook deliveries, from the platform's delivery log (spec 4.5). The newest attempts are
// read first; the failing streak is every failed attempt since the last delivered one. The platform
// disables the endpoint at a 410 answer, or at a failed attempt more than 24 hours after the streak
// began (spec 6.2.10), so the deadline is the streak's first failure plus 24 hours. The log lists
// the clinic's attempts only: the streak is this clinic's view of the one endpoint.
import "server-only";
import { walkPages } from "@/lib/clinic-api/pagination";
import { deliveryOfClinic, WEBHOOK_DISABLE_AFTER_SECONDS, type WebhookDelivery } from "@/lib/contract";
import type { ReconcileFeed } from "@/lib/events/reconcile/feed";
import type { Finding } from "@/lib/alerts/finding";
import type { WebhookDetails } from "@/lib/alerts/kinds";

export const WEBHOOK_ALERT_KEY = "webhook_deliveries";
/** At most this many pages of 100 attempts are read looking for the last delivered one. */
const MAX_PAGES = 20;

export function problemOf(attempt: WebhookDelivery): string {
  const error = attempt.error ?? "";
  if (attempt.status_code != null && attempt.status_code !== 200 && attempt.status_code !== 201)
    return `the app answered HTTP ${attempt.status_code}`;
  if (error === "timeout") return "no answer within the platform's time limit";
  if (error === "challenge_mismatch") return "the answer did not carry the challenge token";
  if (error === "invalid_json_body") return "the answer was not JSON";
  if (error.startsWith("connection_error")) return "the app could not be reached";
  return error ? `delivery failed (${error})` : "delivery failed";
}

/** The failing streak among `attempts` (any order), or null when the newest attempt was delivered. */
export function assessDeliveries(attempts: readonly WebhookDelivery[]): Finding | null {
  const newestFirst = [...attempts].sort((a, b) => Date.parse(b.attempted_at) - Date.parse(a.attempted_at));
  const streak: WebhookDelivery[] = [];
  for (const attempt of newestFirst) {
    if (attempt.successfully_delivered) break;
    streak.push(attempt);
  }
  if (streak.length === 0) return null;
  const first = streak[streak.length - 1];
  const newest = streak[0];
  const deadlineMs = Date.parse(first.attempted_at) + WEBHOOK_DISABLE_AFTER_SECONDS * 1000;
  const disabledBecause = streak.some((a) => a.status_code === 410)
    ? "gone"
    : streak.some((a) => Date.parse(a.attempted_at) > deadlineMs)
      ? "failing_24h"
      : null;
  const details: WebhookDetails = {
    since: first.attempted_at,
    deadline: new Date(deadlineMs).toISOString(),
    failedAttempts: streak.length,
    lastAttemptAt: newest.attempted_at,
    lastProblem: problemOf(newest),
    disabledBecause,
  };
  return {
    key: WEBHOOK_ALERT_KEY,
    kind: "webhook_deliveries",
    stage: disabledBecause ? "disabled" : "failing",
    details,
  };
}

/** The clinic's attempts, newest first, until a delivered one (or the pages run out). */
export async function recentAttempts(feed: Pick<ReconcileFeed, "listDeliveries">, clinicId: string) {
  const attempts: WebhookDelivery[] = [];
  const pages = walkPages((page) => feed.listDeliveries({ sort_by: "attempted_at", order_by: "DESC" }, page), {
    maxPages: MAX_PAGES,
  });
  for await (const page of pages) {
    const ours = page.items.filter((d) => deliveryOfClinic(d, clinicId));
    attempts.push(...ours);
    if (ours.some((d) => d.successfully_delivered)) break;
  }
  return attempts;
}
