// The webhook endpoint's counts: every request received, each refusal by its reason, each delivery
// stored (new or duplicate), and the time to answer.
import { metrics, metricsEnabled } from "@/lib/metrics/registry";

/** Called as the answer goes out; the refusals the handler names (signature, payload) come by refused(). */
export function countWebhookAnswer(status: number, startedAt: number): void {
  if (!metricsEnabled()) return;
  const m = metrics();
  m.webhookReceived.inc();
  m.ingestSeconds.observe({ status: String(status) }, (performance.now() - startedAt) / 1000);
  if (status === 413) m.webhookRefused.inc({ reason: "too_large" });
  else if (status >= 500) m.webhookRefused.inc({ reason: "error" });
}

export function countWebhookRefusal(reason: unknown): void {
  if (metricsEnabled()) metrics().webhookRefused.inc({ reason: typeof reason === "string" ? reason : "other" });
}

export function countWebhookStored(inserted: boolean): void {
  if (metricsEnabled()) metrics().webhookStored.inc({ result: inserted ? "new" : "duplicate" });
}

/** A signed delivery that was no event we can read: kept for admins, or only counted (the day's keep was full). */
export function countUnreadDelivery(reason: string, kept: boolean): void {
  if (metricsEnabled()) metrics().webhookUnread.inc({ reason, kept: kept ? "yes" : "no" });
}
