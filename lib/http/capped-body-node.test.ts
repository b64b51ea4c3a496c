// The Node.js side of the body cap (the app server's webhook path): the same answers as the Fetch
// side for declared, chunked and under-declared bodies, reading stops just past the cap, and a client
// that hangs up mid-body is an error, not an empty body.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readNodeTextCapped } from "@/lib/http/capped-body";
import { refuseUnreadBody } from "@/lib/http/linger";

const CAP = 1000;

/** What the server made of the body: the text, null (over the cap), or "error: …". */
let outcomes: Array<Promise<string | null>>;
let server: http.Server;
let port: number;

beforeAll(async () => {
  outcomes = [];
  server = http.createServer((req, res) => {
    const outcome = readNodeTextCapped(req, CAP).catch((error: Error) => `error: ${error.message}`);
    outcomes.push(outcome);
    void outcome.then((text) => {
      const answer = JSON.stringify(text);
      // As the webhook endpoint does: a body over the cap may still be coming, so the answer is sent
      // and the rest read and dropped. Closing at once would reset the connection under the sender,
      // which may then never read the answer.
      if (text === null) return refuseUnreadBody(req, res, 200, {}, answer);
      res.writeHead(200, { connection: "close", "content-length": Buffer.byteLength(answer) }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends `chunks` (each written separately), with the given headers; resolves with the answer's body. */
function send(chunks: Array<string | Buffer>, headers: Record<string, string | number> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method: "POST", path: "/", headers }, (res) => {
      let text = "";
      res
        .setEncoding("utf8")
        .on("data", (c: string) => (text += c))
        .on("end", () => resolve(text));
    });
    req.on("error", reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe("readNodeTextCapped", () => {
  const x = (n: number) => "x".repeat(n);
  const rows: Array<[string, Array<string | Buffer>, Record<string, string | number>, string | null]> = [
    ["declared and under the cap", ["hello"], { "content-length": 5 }, "hello"],
    ["declared at the cap", [x(CAP)], { "content-length": CAP }, x(CAP)],
    ["declared over the cap (not read)", [x(CAP + 1)], { "content-length": CAP + 1 }, null],
    ["chunked and under the cap", [x(500), x(500)], {}, x(CAP)],
    ["chunked and over the cap", [x(400), x(400), x(400)], {}, null],
    ["no body", [], { "content-length": 0 }, ""],
    ["UTF-8 split inside a character", [Buffer.from([0xc3]), Buffer.from([0xa9])], {}, "é"],
    ["a leading byte-order mark is kept", ["\uFEFF{}"], {}, "\uFEFF{}"],
  ];
  it.each(rows)("%s", async (_label, chunks, headers, expected) => {
    expect(JSON.parse(await send(chunks, headers))).toBe(expected);
  });

  it("answers a body that never ends as soon as it passes the cap", async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, method: "POST", path: "/" }, (res) => {
        let text = "";
        res
          .setEncoding("utf8")
          .on("data", (c: string) => (text += c))
          .on("end", () => {
            clearInterval(writer);
            req.destroy();
            resolve(text);
          });
      });
      req.on("error", () => {}); // destroyed by us once answered
      const writer = setInterval(() => req.write(x(100)), 1);
      setTimeout(() => reject(new Error("no answer while the body kept coming")), 10_000);
    });
    expect(JSON.parse(answer)).toBeNull();
  });

  it("rejects when the client hangs up before its body ends", async () => {
    const before = outcomes.length;
    const req = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/",
      headers: { "content-length": 500 },
    });
    req.on("error", () => {});
    req.write(x(100));
    await new Promise((resolve) => setTimeout(resolve, 100));
    req.destroy();
    await expect.poll(() => outcomes.length).toBe(before + 1);
    expect(await outcomes[before]).toMatch(/^error: /);
  });
});
