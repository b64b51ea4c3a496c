// A small webhook receiver on 127.0.0.1 for delivery tests: records every request and answers
// with whatever the test's `respond` decides (status, body, delay).
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}
export interface Answer {
  status: number;
  body?: string;
  delayMs?: number;
}

export async function startReceiver(respond: (req: Received, index: number) => Answer) {
  const received: Received[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r: Received = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      received.push(r);
      const answer = respond(r, received.length - 1);
      const reply = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { "content-type": "application/json" });
        res.end(answer.body ?? "");
        for (const w of [...waiters])
          if (received.length >= w.count) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve();
          }
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** Resolves once `count` requests have arrived (or rejects after timeoutMs). */
    waitFor(count: number, timeoutMs = 10_000): Promise<void> {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`receiver got ${received.length} of ${count} requests`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
