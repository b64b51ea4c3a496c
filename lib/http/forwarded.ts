// Forwarding headers (X-Forwarded-Host and the like) say where a request was first sent; only a
// proxy in front of the app may say so. From anyone else they are a client's claim: a page posting
// across sites could name this app's host in X-Forwarded-Host and pass the origin checks. The app
// server removes them from every request whose peer is not a configured proxy (TRUSTED_PROXIES)
// before anything reads them (under `npm run dev` too: it runs the same server).
import type { IncomingMessage } from "node:http";

export const FORWARDING_HEADERS = [
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "x-forwarded-for",
  "forwarded",
] as const;

/** An IPv4 peer as Node.js may give it on a dual-stack socket ("::ffff:10.0.0.5") → "10.0.0.5". */
const plainAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");

export function isTrustedProxy(peer: string | undefined, trusted: readonly string[]): boolean {
  return peer !== undefined && trusted.map(plainAddress).includes(plainAddress(peer));
}

/** Removes the forwarding headers unless the peer is a trusted proxy; returns whether any were removed. */
export function dropUntrustedForwarding(req: IncomingMessage, trusted: readonly string[]): boolean {
  if (isTrustedProxy(req.socket.remoteAddress, trusted)) return false;
  let removed = false;
  for (const name of FORWARDING_HEADERS)
    if (name in req.headers) {
      delete req.headers[name];
      removed = true;
    }
  return removed;
}
