// Every attempt of a call to the platform, counted by endpoint, method and status (or network /
// timeout) with its latency; and, when tracing is on, the platform's request id on the span.
import type { AttemptReport } from "@/lib/clinic-api/transport";
import { endpointOf, metrics, metricsEnabled } from "@/lib/metrics/registry";

export function observePlatformAttempt(report: AttemptReport, elapsedMs: number): void {
  if (!metricsEnabled()) return;
  metrics().platformCalls.observe(
    { endpoint: endpointOf(report.path), method: report.method, status: String(report.status ?? report.failure) },
    elapsedMs / 1000,
  );
}
