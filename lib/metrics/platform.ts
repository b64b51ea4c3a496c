// Every attempt of a call to the platform, counted by endpoint, method and status (or network /
// timeout) with its latency, as the client reports it (its platformAttempts hook); and the quota's
// own trouble, a count its database could not take, tried again ("retried") or then refused
// ("refused"): any "refused" means people are being told to wait for the app's fault.
import { platformAttempts } from "@/lib/clinic-api/transport";
import { endpointOf } from "@/lib/clinic-api/endpoints";
import { quotaFailures } from "@/lib/limits/platform-quota";
import { metrics, metricsEnabled } from "@/lib/metrics/registry";

/** Starts listening to the floors below; called once where the metrics server starts. */
export function listenToPlatform(): void {
  if (!metricsEnabled()) return;
  platformAttempts.listen(countPlatformAttempt);
  quotaFailures.listen(countQuotaFailure);
}

function countPlatformAttempt({
  report,
  elapsedMs,
}: Parameters<Parameters<typeof platformAttempts.listen>[0]>[0]): void {
  metrics().platformCalls.observe(
    { endpoint: endpointOf(report.path), method: report.method, status: String(report.status ?? report.failure) },
    elapsedMs / 1000,
  );
}

function countQuotaFailure(outcome: "retried" | "refused"): void {
  metrics().quotaFailures.inc({ outcome });
}
