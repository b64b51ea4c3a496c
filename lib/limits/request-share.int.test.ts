// The share over real HTTP, as the app server takes it before Next.js: session cookies encoded as
// next-auth encodes them, 10 MB bodies sent at once. One person's third upload is refused with the
// sentence and Retry-After while their first two go through; a fourth person's upload is refused
// when the process's bound is reached; an upload with no session behind it is refused whatever the
// process's room, and a body larger than any route accepts from anyone; requests beyond three at once
// wait in a line of twelve, and one more is refused. Requests admitted
// are held until the test lets them answer, as a slow platform would hold them.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const MB = 1024 * 1024;
const SECRET = "share-test-secret-0123456789abcdef";
process.env.NEXTAUTH_SECRET = SECRET;
process.env.REQUESTS_PER_USER = "3";
process.env.BODY_BYTES_PER_USER = String(24 * MB);
process.env.BODY_BYTES_IN_FLIGHT = String(32 * MB);

const { enterShare } = await import("@/lib/limits/request-share");
const { setLiveProcesses } = await import("@/lib/limits/live-processes");

let server: http.Server;
let base = "";
const held: Array<() => void> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    void enterShare(req, res).then((admitted) => {
      if (!admitted) return;
      req.resume();
      req.once("end", () => held.push(() => res.writeHead(201).end("stored")));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);

const cookieOf = async (uid: string, locale = "en") =>
  `next-auth.session-token=${await encode({ token: { uid, sub: uid }, secret: SECRET })}; NEXT_LOCALE=${locale}`;

function send(cookie: string | null, bytes = 10 * MB) {
  return fetch(`${base}/api/resources`, {
    method: bytes ? "POST" : "GET",
    headers: cookie ? { cookie } : {},
    body: bytes ? new Uint8Array(bytes) : undefined,
  });
}

/** Waits until `n` admitted requests have read their bodies, then lets them all answer. */
async function answerHeld(n: number): Promise<void> {
  for (let i = 0; held.length < n && i < 600; i++) await new Promise((r) => setTimeout(r, 50));
  expect(held.length).toBe(n);
  held.splice(0).forEach((answer) => answer());
}

async function refusal(response: Response) {
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() };
}

describe("one person's share of the app server", () => {
  it("refuses a person's third 10 MB upload at once while the first two go through, in their language", async () => {
    const alice = await cookieOf("user-alice");
    const first = [send(alice), send(alice)];
    await new Promise((r) => setTimeout(r, 200));
    const third = await refusal(await send(alice));
    expect(third).toEqual({
      status: 429,
      retryAfter: "10",
      body: {
        ok: false,
        code: "busy",
        message:
          "You are already sending at least 20\u00a0MB of files; wait until they have finished uploading, then send this one again.",
        errors: {},
      },
    });
    const french = await refusal(await send(await cookieOf("user-alice", "fr-CA")));
    expect(french.body.message).toBe(
      "Vous envoyez déjà au moins 20\u00a0Mo de fichiers\u202f; attendez la fin de leur téléversement, puis envoyez celui-ci de nouveau.",
    );
    // Someone else is not held up by Alice's share.
    const bob = send(await cookieOf("user-bob"));
    await answerHeld(3);
    expect((await Promise.all([...first, bob])).map((r) => r.status)).toEqual([201, 201, 201]);
    // Answered, the share is free again.
    const again = send(alice);
    await answerHeld(1);
    expect((await again).status).toBe(201);
  }, 60_000);

  it("refuses an upload beyond the process's bound, and one with no session whatever the room", async () => {
    const three = await Promise.all(["u1", "u2", "u3"].map((u) => cookieOf(u)));
    const admitted = three.map((c) => send(c));
    await new Promise((r) => setTimeout(r, 300));
    const fourth = await refusal(await send(await cookieOf("u4")));
    expect(fourth).toMatchObject({ status: 503, retryAfter: "30" });
    expect(fourth.body.message).toBe(
      "The app is receiving many files just now; wait a minute, then send this one again.",
    );
    await answerHeld(3);
    expect((await Promise.all(admitted)).map((r) => r.status)).toEqual([201, 201, 201]);
    // The process has room again; a stranger's upload is still not let in.
    for (const cookie of [null, "next-auth.session-token=forged"]) {
      const answer = await refusal(await send(cookie));
      expect(answer).toMatchObject({ status: 401, retryAfter: null });
      expect(answer.body.message).toBe("You are signed out. Sign in again to continue.");
    }
  }, 60_000);

  it("refuses a declared body larger than any route accepts before it counts, from anyone", async () => {
    for (const cookie of [await cookieOf("u5"), null]) {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(`${base}/api/resources`, {
          method: "POST",
          headers: { "content-length": "2000000000", ...(cookie ? { cookie } : {}) },
        });
        req.on("response", (res) => {
          let body = "";
          res.on("data", (c: Buffer) => (body += c.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on("error", reject);
        req.write("x"); // one byte of the two billion declared
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).message).toBe(
        "This is more than the app accepts at once (11\u00a0MB at most). Send a smaller file.",
      );
    }
  }, 30_000);

  it("runs three of a person's requests at once, lines up twelve more, refuses the next, and a forged cookie is a stranger's", async () => {
    const carol = await cookieOf("user-carol");
    const lined = Array.from({ length: 15 }, () => send(carol, 0));
    await new Promise((r) => setTimeout(r, 300));
    const refused = await refusal(await send(carol, 0));
    expect(refused).toEqual({
      status: 429,
      retryAfter: "2",
      body: {
        ok: false,
        code: "busy",
        message: "You have at least 3 requests under way already; wait for them to finish, then try again.",
        errors: {},
      },
    });
    const token = carol.split(";")[0];
    const forged = Array.from({ length: 3 }, () => send(`${token.slice(0, -8)}AAAAAAAA`, 0));
    await answerHeld(6); // Carol's three, and the three forged ones, in the strangers' own line
    for (let round = 0; round < 4; round++) await answerHeld(3); // the line, three at a time
    expect((await Promise.all([...lined, ...forged])).map((r) => r.status)).toEqual(Array(18).fill(201));
  }, 60_000);

  it("strangers together get one person's share, and hold up nobody signed in", async () => {
    const strangers = Array.from({ length: 15 }, (_, i) =>
      send(i % 2 ? null : `next-auth.session-token=garbled-${i}-${"z".repeat(12_000)}`, 0),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(held.length).toBe(3); // three of the fifteen run, twelve wait
    expect((await refusal(await send(null, 0))).status).toBe(429);
    const dave = send(await cookieOf("user-dave"), 0);
    await answerHeld(4); // the strangers' three, and Dave, who did not wait behind them
    for (let round = 0; round < 4; round++) await answerHeld(3);
    expect((await Promise.all([dave, ...strangers])).map((r) => r.status)).toEqual(Array(16).fill(201));
  }, 60_000);

  it("with two live processes, each lets a person half their bounds, and says 'at least'", async () => {
    setLiveProcesses(2);
    try {
      // 24 MB a person: 12 MB in this process, so a second 10 MB upload waits for the first.
      const erin = await cookieOf("user-erin");
      const first = send(erin);
      await new Promise((r) => setTimeout(r, 200));
      const second = await refusal(await send(erin));
      expect(second.status).toBe(429);
      expect(second.body.message).toBe(
        "You are already sending at least 10\u00a0MB of files; wait until they have finished uploading, then send this one again.",
      );
      await answerHeld(1);
      expect((await first).status).toBe(201);
      // Three requests a person: two run here, eight wait, the next is refused.
      const frank = await cookieOf("user-frank");
      const lined = Array.from({ length: 10 }, () => send(frank, 0));
      await new Promise((r) => setTimeout(r, 300));
      expect(held.length).toBe(2);
      expect((await refusal(await send(frank, 0))).body.message).toBe(
        "You have at least 2 requests under way already; wait for them to finish, then try again.",
      );
      for (let round = 0; round < 5; round++) await answerHeld(2);
      expect((await Promise.all(lined)).map((r) => r.status)).toEqual(Array(10).fill(201));
    } finally {
      setLiveProcesses(1);
    }
  }, 60_000);
});
