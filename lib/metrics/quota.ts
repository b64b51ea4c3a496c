// The platform quota's own trouble: a count its database could not take, tried again ("retried") or
// then refused ("refused"). Any "refused" means people are being told to wait for the app's fault.
import { metrics, metricsEnabled } from "@/lib/metrics/registry";

export function countQuotaFailure(outcome: "retried" | "refused"): void {
  if (metricsEnabled()) metrics().quotaFailures.inc({ outcome });
}
