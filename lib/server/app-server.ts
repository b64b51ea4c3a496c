// The app's HTTP server: Next.js's request handler for everything, except the platform's webhook
// deliveries (POST /api/webhooks/clinic), which are answered before Next.js's request pipeline by
// the same endpoint code the route file calls (lib/webhooks/endpoint.ts). The goal is 0.85 of a
// bare node:http receiver's deliveries per second, far more than Next.js's pipeline alone (routing,
// proxy and route-handler machinery, a route doing no work at all) carries, let alone the route
// handler doing the real work (BENCHMARKS.md measures this server beside the bare receiver).
// Server actions no page of this app sends (lib/limits/action-guard.ts) are refused here too, before
// Next.js reads their body: a proxy only runs once Next.js has buffered up to 11 MB of it.
// Forwarding headers from a peer that is not a configured proxy are dropped first (lib/http/forwarded.ts).
// Each person's requests and upload bytes in flight are bounded here too, before Next.js buffers a
// body or renders anything (lib/limits/request-share.ts): one person's thirty at once are refused
// for the price of a few bytes, not served in a crowd that slows every clinic.
// Every other request, pages, actions and the other route handlers, goes to Next.js unchanged.
// `npm run dev` runs this same server with Next.js in development mode, so what a developer tries
// passes through the same door as production.
import http from "node:http";
import next from "next";
import { configuredHostRedirect } from "@/lib/auth/front-door";
import { getConfig } from "@/lib/config";
import { refuseUnreadBody } from "@/lib/http/linger";
import { serverActionRefusal } from "@/lib/limits/action-guard";
import { dropUntrustedForwarding } from "@/lib/http/forwarded";
import { serveNodeWebhook } from "@/lib/webhooks/endpoint";
import { WEBHOOK_PATH } from "@/lib/webhooks/handler";
import { log } from "@/lib/log/logger";
import { requestIdFrom, withLogContext } from "@/lib/log/context";
import { closeWhenDraining } from "@/lib/server/shutdown";
import { enterShare } from "@/lib/limits/request-share";

/** A delivery the server answers itself: a POST to the webhook path, with or without a query. */
export function isWebhookDelivery(method: string | undefined, url: string | undefined): boolean {
  if (method !== "POST" || !url) return false;
  const query = url.indexOf("?");
  return (query < 0 ? url : url.slice(0, query)) === WEBHOOK_PATH;
}

export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 120_000;
/** A request body that sends nothing for this long is answered 408 and its connection closed. */
export const BODY_IDLE_TIMEOUT_MS = 10_000;
/**
 * The slowest a body may arrive on average, counted once BODY_IDLE_TIMEOUT_MS has passed. A byte
 * every few seconds never sets off the idle cut, yet holds its share of the body budget for as long
 * as the request timeout allows; at this pace, the slowest line people upload on is still far above.
 */
export const BODY_MIN_BYTES_PER_SECOND = 1024;
const PACE_CHECK_MS = 1000;

/**
 * A request that declares a body (a length, or chunks) must keep it coming: one silent for
 * BODY_IDLE_TIMEOUT_MS (a declared large body that never arrives, a trickle that stops), or arriving
 * slower than BODY_MIN_BYTES_PER_SECOND after that, is answered 408 and closed. Only while the body
 * is read: the answer may then take as long as it takes. The pace is read off the socket's own byte
 * count, so nothing here reads the body in place of the route.
 */
export function limitBodyIdle(req: http.IncomingMessage, res: http.ServerResponse): void {
  const length = Number(req.headers["content-length"] ?? "0");
  if (!(length > 0) && req.headers["transfer-encoding"] === undefined) return;
  const socket = req.socket;
  const started = Date.now();
  const readBefore = socket.bytesRead;
  let over = false;
  const stop = () => {
    over = true;
    req.off("timeout", cut);
    clearInterval(pace);
  };
  function cut() {
    // Only for this request while it is under way: a kept-alive socket goes on to serve others.
    if (over || res.writableEnded) return;
    stop();
    if (!res.headersSent)
      res
        .writeHead(408, { "content-type": "text/plain", connection: "close" })
        .end("The request body stopped arriving.");
    socket.destroySoon();
  }
  const pace = setInterval(() => {
    const elapsed = Date.now() - started;
    const arrived = socket.bytesRead - readBefore;
    // All of a declared body is here (it may wait for the route to read it): nothing more to come.
    if (length > 0 && arrived >= length) return stop();
    if (elapsed >= BODY_IDLE_TIMEOUT_MS && arrived < (elapsed / 1000) * BODY_MIN_BYTES_PER_SECOND) cut();
  }, PACE_CHECK_MS);
  pace.unref();
  req.setTimeout(BODY_IDLE_TIMEOUT_MS, cut);
  // Body read: no more limits (the socket's own keep-alive timing takes over after the answer).
  req.once("end", () => {
    stop();
    socket.setTimeout(0);
  });
  res.once("finish", stop).once("close", stop);
}

function headersOf(req: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  return headers;
}

export interface AppServer {
  server: http.Server;
  port: number;
  close(): Promise<void>;
}

/**
 * A page opened by another loopback name than the configured one (127.0.0.1 for localhost) goes to
 * the configured origin first, so the OAuth flow's cookies and return address match. Here, not in
 * proxy.ts: Next.js treats the loopback names as one host and would shorten the redirect to itself.
 */
function configuredHostOf(req: http.IncomingMessage): URL | null {
  try {
    const asked = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
    return configuredHostRedirect(asked, req.method ?? "GET", getConfig().appUrl);
  } catch {
    return null; // an unparsable Host changes nothing; Next.js answers as it would
  }
}

export interface AppServerOptions {
  /** The project's folder (its build is read from there). */
  dir: string;
  port: number;
  /** Undefined: every interface, as `next start` does. */
  hostname?: string;
  /** Next.js in development mode (compiling on request, hot reload) behind the same door. */
  dev?: boolean;
}

export async function startAppServer(options: AppServerOptions): Promise<AppServer> {
  const app = next({
    dev: options.dev ?? false,
    dir: options.dir,
    hostname: options.hostname ?? "localhost",
    port: options.port,
  });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = http.createServer((req, res) => {
    // Every line written while this request is served carries its id; the caller sees it too.
    const requestId = requestIdFrom(req.headers["x-request-id"]);
    res.setHeader("x-request-id", requestId);
    withLogContext({ requestId }, () => serve(req, res));
  });
  const serve = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    closeWhenDraining(res);
    limitBodyIdle(req, res);
    if (isWebhookDelivery(req.method, req.url)) return void serveNodeWebhook(req, res);
    dropUntrustedForwarding(req, getConfig().trustedProxies);
    const refusal = serverActionRefusal(headersOf(req), { method: req.method, path: req.url });
    if (refusal)
      return void refuseUnreadBody(
        req,
        res,
        refusal.status,
        { "content-type": "application/json", "cache-control": "no-store", "x-content-type-options": "nosniff" },
        JSON.stringify({ error: refusal.error }),
      );
    const elsewhere = configuredHostOf(req);
    if (elsewhere) return void res.writeHead(307, { Location: elsewhere.href, "Cache-Control": "no-store" }).end();
    enterShare(req, res)
      .then((admitted) => (admitted ? handle(req, res) : undefined))
      .catch((error: unknown) => {
        log.error("app: request failed", { err: error });
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" }).end("Internal error");
      });
  };
  // Slow clients are cut: headers must arrive within seconds, a whole request within a couple of
  // minutes (an 11 MB upload on a slow line), and a body must not stall (limitBodyIdle).
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.hostname, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return {
    server,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
