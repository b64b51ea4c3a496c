// The metrics port when another process holds it (the one this process replaces, still draining on
// the same host): tried again in the background, opened once freed, and given up loudly after the
// tries (lib/metrics/server.ts, listenForScrapes).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { listenForScrapes } from "@/lib/metrics/server";

const opened: http.Server[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function holder(): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer((_req, res) => res.end("the old process"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

const scrapes = () => {
  const server = http.createServer((_req, res) => res.end("metrics"));
  opened.push(server);
  return server;
};

describe("a metrics port another process holds", () => {
  it("opens once the other process lets it go", async () => {
    const old = await holder();
    const { now, opened: later } = await listenForScrapes(
      scrapes(),
      { port: old.port, host: "127.0.0.1" },
      { everyMs: 50, tries: 40 },
    );
    expect(now).toBe(false);
    await new Promise<void>((resolve) => old.server.close(() => resolve()));
    expect(await later).toBe(true);
    expect(await (await fetch(`http://127.0.0.1:${old.port}/metrics`)).text()).toBe("metrics");
  });

  it("is given up after its tries while the other process keeps it", async () => {
    const old = await holder();
    opened.push(old.server);
    const { now, opened: later } = await listenForScrapes(
      scrapes(),
      { port: old.port, host: "127.0.0.1" },
      { everyMs: 20, tries: 3 },
    );
    expect(now).toBe(false);
    expect(await later).toBe(false);
    expect(await (await fetch(`http://127.0.0.1:${old.port}/metrics`)).text()).toBe("the old process");
  });
});
