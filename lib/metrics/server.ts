// The metrics port: GET /metrics in Prometheus's text format, on METRICS_HOST (127.0.0.1 unless set)
// and METRICS_PORT (9464 unless set; 0 turns it off). Its own port, never the app's: the app's port
// is public behind the load balancer, this one is for the scraper on the private network.
import http from "node:http";
import { metrics } from "@/lib/metrics/registry";
import { collectDatabaseGauges } from "@/lib/metrics/scrape";
import { pool } from "@/lib/db-pool";
import { log } from "@/lib/log/logger";

export const DEFAULT_METRICS_PORT = 9464;

export interface MetricsAddress {
  port: number;
  host: string;
}

/** METRICS_PORT and METRICS_HOST; null when turned off. Throws on a value that is not a port. */
export function metricsAddress(env: Record<string, string | undefined> = process.env): MetricsAddress | null {
  const raw = env.METRICS_PORT?.trim() || String(DEFAULT_METRICS_PORT);
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`METRICS_PORT is not a port: ${raw}. Give a number from 1 to 65535, or 0 to turn metrics off.`);
  return port === 0 ? null : { port, host: env.METRICS_HOST?.trim() || "127.0.0.1" };
}

export function createMetricsServer(): http.Server {
  return http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method !== "GET" || path !== "/metrics") return void res.writeHead(404).end();
    void (async () => {
      await collectDatabaseGauges(pool());
      const registry = metrics().registry;
      res.writeHead(200, { "content-type": registry.contentType }).end(await registry.metrics());
    })().catch((error: unknown) => {
      log.error("metrics: scrape failed", { err: error });
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
}

const KEY = Symbol.for("clinic-connect.metrics-server");
const holder = globalThis as unknown as Record<symbol, Promise<http.Server | null> | undefined>;

/** Starts this process's metrics port once (a port taken is logged, and the app serves on without it). */
export function startMetricsServer(address: MetricsAddress | null = metricsAddress()): Promise<http.Server | null> {
  return (holder[KEY] ??= (async () => {
    if (!address) return null;
    const server = createMetricsServer();
    try {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(address.port, address.host, () => resolve());
      });
    } catch (error) {
      log.error("metrics: the metrics port did not open; metrics are not served", { err: error, ...address });
      return null;
    }
    server.unref();
    log.info("metrics: serving /metrics", { ...address });
    return server;
  })());
}
