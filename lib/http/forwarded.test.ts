// Forwarding headers are believed from a configured proxy only: from any other peer they are removed
// before the origin checks read them. One row per peer.
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { dropUntrustedForwarding, isTrustedProxy } from "@/lib/http/forwarded";

const request = (remoteAddress: string | undefined, headers: Record<string, string>) =>
  ({ socket: { remoteAddress }, headers: { ...headers } }) as unknown as IncomingMessage;

const SENT = {
  host: "localhost:3000",
  "x-forwarded-host": "clinic.example.org",
  "x-forwarded-proto": "https",
  "x-forwarded-for": "203.0.113.9",
  forwarded: "host=clinic.example.org",
  cookie: "a=b",
};

describe("forwarding headers", () => {
  it.each([
    ["a client, no proxy configured", "127.0.0.1", [], true],
    ["a client that is not the proxy", "192.0.2.7", ["10.0.0.2"], true],
    ["the configured proxy", "10.0.0.2", ["10.0.0.2"], false],
    ["the proxy on a dual-stack socket", "::ffff:10.0.0.2", ["10.0.0.2"], false],
    ["one of several proxies, over IPv6", "fd00::2", ["10.0.0.2", "fd00::2"], false],
    ["no peer address (a closed socket)", undefined, ["10.0.0.2"], true],
  ] as const)("from %s: removed %s", (_name, peer, trusted, removed) => {
    const req = request(peer, SENT);
    expect(dropUntrustedForwarding(req, trusted)).toBe(removed);
    expect(isTrustedProxy(peer, trusted)).toBe(!removed);
    expect(req.headers).toEqual(removed ? { host: "localhost:3000", cookie: "a=b" } : SENT);
  });
});
