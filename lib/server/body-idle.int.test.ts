// The app server's cut for bodies that stop arriving (lib/server/app-server.ts, limitBodyIdle), on a
// real socket: a declared body that never comes is answered 408 within seconds, not held for minutes.
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_IDLE_TIMEOUT_MS, BODY_MIN_BYTES_PER_SECOND, limitBodyIdle } from "@/lib/server/app-server";

let server: http.Server;
let port: number;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    limitBodyIdle(req, res);
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => res.end(`read ${Buffer.concat(chunks).length}`));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/**
 * Sends `head` and `body`, then `drip` of `dripBytes` bytes every `everyMs` until the answer; resolves
 * with the answer and how long it took.
 */
function send(
  head: string,
  body: string,
  drip?: { everyMs: number; dripBytes: number; times: number },
): Promise<{ text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(`${head}\r\n\r\n${body}`);
      if (!drip) return;
      let sent = 0;
      timer = setInterval(() => {
        if (sent++ >= drip.times || socket.destroyed) return clearInterval(timer);
        socket.write("x".repeat(drip.dripBytes));
      }, drip.everyMs);
    });
    let text = "";
    socket.on("data", (c) => (text += c.toString()));
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ text, ms: Date.now() - started });
    });
    socket.on("error", reject);
  });
}

describe("a request body that stops arriving", () => {
  it("a declared 50 MB body that never arrives is answered 408 within seconds", async () => {
    const { text, ms } = await send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 52428800", "only this");
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(BODY_IDLE_TIMEOUT_MS + 5_000);
  }, 30_000);

  it("a chunked body that stops is cut alike", async () => {
    const { text } = await send("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked", "5\r\nhello\r\n");
    expect(text).toMatch(/^HTTP\/1\.1 408/);
  }, 30_000);

  it("a trickle of a byte every 2 s, which the idle cut never sees, is cut for its pace within seconds", async () => {
    const { text, ms } = await send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000000", "x", {
      everyMs: 2000,
      dripBytes: 1,
      times: 60,
    });
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(BODY_IDLE_TIMEOUT_MS + 5_000);
  }, 30_000);

  it("a slow body that keeps above the pace is read to its end", async () => {
    // Twice the slowest pace allowed, for longer than the grace before the pace counts.
    const dripBytes = BODY_MIN_BYTES_PER_SECOND;
    const times = Math.ceil((BODY_IDLE_TIMEOUT_MS + 2000) / 500);
    const { text } = await send(
      `POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${dripBytes * times}\r\nConnection: close`,
      "",
      { everyMs: 500, dripBytes, times },
    );
    expect(text).toMatch(new RegExp(`^HTTP/1\\.1 200[\\s\\S]*read ${dripBytes * times}$`));
  }, 30_000);

  it("a body that arrives is read and answered as usual", async () => {
    const { text } = await send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close", "hello");
    expect(text).toMatch(/^HTTP\/1\.1 200[\s\S]*read 5$/);
  });
});
