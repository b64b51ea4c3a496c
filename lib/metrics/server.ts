// The metrics port: GET /metrics in Prometheus's text format, on METRICS_HOST (127.0.0.1 unless set)
// and METRICS_PORT (9464 unless set; 0 turns it off). Its own port, never the app's: the app's port
// is public behind the load balancer, this one is for the scraper on the private network.
import http from "node:http";
import { metrics } from "@/lib/metrics/registry";
import { collectDatabaseGauges } from "@/lib/metrics/scrape";
import { pool } from "@/lib/db/pool";
import { log } from "@/lib/log/logger";
import { listenToPlatform } from "@/lib/metrics/platform";

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

/** How a port that is taken is tried again: a process draining on the same host frees it when it exits. */
export interface RetryPlan {
  everyMs: number;
  tries: number;
}
/** A minute: longer than a draining process's shutdown bound (SHUTDOWN_TIMEOUT_MS, 10 s by default). */
const RETRY: RetryPlan = { everyMs: 5_000, tries: 12 };

function listenOnce(server: http.Server, address: MetricsAddress): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.once("error", failed);
    server.listen(address.port, address.host, () => {
      server.off("error", failed);
      resolve();
    });
  });
}

const isTaken = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === "EADDRINUSE";

/**
 * Opens the metrics port. A port another process holds (the one this replaces, still draining) is
 * tried again in the background, `retry.tries` times, each said in the log, and the last failure
 * loudly: resolves with whether it opened at once, and `opened` settles when it does (or never will).
 */
export async function listenForScrapes(
  server: http.Server,
  address: MetricsAddress,
  retry: RetryPlan = RETRY,
): Promise<{ now: boolean; opened: Promise<boolean> }> {
  try {
    await listenOnce(server, address);
    return { now: true, opened: Promise.resolve(true) };
  } catch (error) {
    if (!isTaken(error)) {
      log.error("metrics: the metrics port did not open; metrics are not served", { err: error, ...address });
      return { now: false, opened: Promise.resolve(false) };
    }
  }
  log.warn("metrics: the metrics port is taken (the process this one replaces may still be stopping); trying again", {
    ...address,
    everyMs: retry.everyMs,
    tries: retry.tries,
  });
  const opened = (async () => {
    for (let attempt = 1; attempt <= retry.tries; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, retry.everyMs).unref());
      try {
        await listenOnce(server, address);
        log.info("metrics: serving /metrics, the port free again", { ...address, attempt });
        return true;
      } catch (error) {
        if (!isTaken(error) || attempt === retry.tries) {
          log.error("metrics: the metrics port never opened; this process serves no metrics until restarted", {
            err: error,
            ...address,
          });
          return false;
        }
      }
    }
    return false;
  })();
  return { now: false, opened };
}

/** Starts this process's metrics port once (a port taken is tried again for a minute; see listenForScrapes). */
export function startMetricsServer(address: MetricsAddress | null = metricsAddress()): Promise<http.Server | null> {
  return (holder[KEY] ??= (async () => {
    listenToPlatform();
    if (!address) return null;
    const server = createMetricsServer();
    const { now } = await listenForScrapes(server, address);
    server.unref();
    if (now) log.info("metrics: serving /metrics", { ...address });
    return now ? server : null;
  })());
}
