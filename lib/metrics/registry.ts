// The process's Prometheus metrics (prom-client). prom-client rather than OpenTelemetry's metrics with
// a Prometheus reader: it is the library Prometheus's own Node.js users keep, it serves the text format
// itself with the process and GC metrics built in, and its gauges can be filled at scrape time
// (lib/metrics/scrape.ts) with one bounded set of queries; OpenTelemetry's SDK would add a metrics
// pipeline, a reader and an exporter to reach the same text. Traces use OpenTelemetry (tracing.ts).
//
// One registry per process on globalThis: the app server's bundle and Next.js's each have a copy of
// this module, and both must count into the same metrics.
import client from "prom-client";

function build() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: "clinic_connect_" });
  const r = [registry];
  const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
  return {
    registry,
    webhookReceived: new client.Counter({
      name: "clinic_connect_webhook_deliveries_received_total",
      help: "Webhook requests received (every POST to the webhook path).",
      registers: r,
    }),
    webhookRefused: new client.Counter({
      name: "clinic_connect_webhook_deliveries_refused_total",
      help: "Webhook requests refused, by reason (signature, payload, size, error).",
      labelNames: ["reason"] as const,
      registers: r,
    }),
    webhookStored: new client.Counter({
      name: "clinic_connect_webhook_deliveries_stored_total",
      help: "Webhook deliveries stored, by whether the event was new or a duplicate.",
      labelNames: ["result"] as const,
      registers: r,
    }),
    webhookUnread: new client.Counter({
      name: "clinic_connect_webhook_deliveries_unread_total",
      help: "Signed webhook deliveries that were no event the app can read, by reason and whether the body was kept.",
      labelNames: ["reason", "kept"] as const,
      registers: r,
    }),
    ingestSeconds: new client.Histogram({
      name: "clinic_connect_webhook_ingest_seconds",
      help: "Time from a webhook request's arrival to its answer, by status.",
      labelNames: ["status"] as const,
      buckets: seconds,
      registers: r,
    }),
    quotaFailures: new client.Counter({
      name: "clinic_connect_platform_quota_failures_total",
      help: "Turns of the platform quota its database could not count: retried once, then the request refused.",
      labelNames: ["outcome"] as const,
      registers: r,
    }),
    platformCalls: new client.Histogram({
      name: "clinic_connect_platform_call_seconds",
      help: "Calls to the platform's API (each attempt), by endpoint, method and status (or network/timeout).",
      labelNames: ["endpoint", "method", "status"] as const,
      buckets: seconds,
      registers: r,
    }),
    jobs: new client.Histogram({
      name: "clinic_connect_job_seconds",
      help: "Job handlers run by this process, by queue and outcome.",
      labelNames: ["queue", "outcome"] as const,
      buckets: [0.01, 0.05, 0.25, 1, 5, 15, 60, 300],
      registers: r,
    }),
    backlog: new client.Gauge({
      name: "clinic_connect_event_backlog",
      help: "Events stored and not processed yet (all clinics).",
      registers: r,
    }),
    backlogOldest: new client.Gauge({
      name: "clinic_connect_event_backlog_oldest_seconds",
      help: "Age of the oldest event not processed yet (0 when none).",
      registers: r,
    }),
    queueDepth: new client.Gauge({
      name: "clinic_connect_job_queue_depth",
      help: "Jobs waiting (created or to retry) per queue.",
      labelNames: ["queue"] as const,
      registers: r,
    }),
    reconcileRuns: new client.Gauge({
      name: "clinic_connect_reconciliation_runs",
      help: "Reconciliation runs finished in the last 24 hours, by outcome (succeeded, failed), and queued or running now.",
      labelNames: ["outcome"] as const,
      registers: r,
    }),
    sinceReconciled: new client.Gauge({
      name: "clinic_connect_reconciliation_seconds_since_success",
      help: "Per connected clinic, seconds since its last successful reconciliation finished (-1: never).",
      labelNames: ["clinic"] as const,
      registers: r,
    }),
    quotaUsed: new client.Gauge({
      name: "clinic_connect_platform_quota_used_ratio",
      help: "Of each share of the platform's rate limit, the most used key's points in the current window over its points (app, clinic, user, background).",
      labelNames: ["share"] as const,
      registers: r,
    }),
    alertsOpen: new client.Gauge({
      name: "clinic_connect_alerts_open",
      help: "Alerts open, by kind.",
      labelNames: ["kind"] as const,
      registers: r,
    }),
    poolInUse: new client.Gauge({
      name: "clinic_connect_db_pool_in_use",
      help: "This process's database pool: connections checked out.",
      registers: r,
    }),
    poolWaiting: new client.Gauge({
      name: "clinic_connect_db_pool_waiting",
      help: "This process's database pool: queries waiting for a connection.",
      registers: r,
    }),
    scrapeDbOk: new client.Gauge({
      name: "clinic_connect_metrics_database_ok",
      help: "1 when the last scrape's database reads finished within their bound, else 0 (the gauges above keep older values).",
      registers: r,
    }),
  };
}

export type Metrics = ReturnType<typeof build>;

const KEY = Symbol.for("clinic-connect.metrics");
const holder = globalThis as unknown as Record<symbol, Metrics | undefined>;

export function metrics(): Metrics {
  return (holder[KEY] ??= build());
}

/** Metrics off (METRICS_PORT=0 and no one to read them): counting is skipped on the hot paths. */
export function metricsEnabled(): boolean {
  return process.env.METRICS_PORT !== "0";
}
