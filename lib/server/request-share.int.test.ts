// The share over real HTTP, as the app server takes it before Next.js: session cookies encoded as
// next-auth encodes them, 10 MB bodies sent at once. One person's third upload is refused with the
// sentence and Retry-After while their first two go through; a fourth person's upload is refused
// when the process's bound is reached; requests beyond three at once wait in a line of twelve, and
// one more is refused. Requests admitted
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

const { enterShare } = await import("@/lib/server/request-share");

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
          "You are already sending 20 MB of files; wait until they have finished uploading, then send this one again.",
        errors: {},
      },
    });
    const french = await refusal(await send(await cookieOf("user-alice", "fr-CA")));
    expect(french.body.message).toBe(
      "Vous envoyez déjà 20\u00a0Mo de fichiers\u202f; attendez la fin de leur téléversement, puis envoyez celui-ci de nouveau.",
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

  it("refuses an upload beyond the process's bound, from anyone, signed in or not", async () => {
    const three = await Promise.all(["u1", "u2", "u3"].map((u) => cookieOf(u)));
    const admitted = three.map((c) => send(c));
    await new Promise((r) => setTimeout(r, 300));
    for (const cookie of [await cookieOf("u4"), null, "next-auth.session-token=forged"]) {
      const answer = await refusal(await send(cookie));
      expect(answer).toMatchObject({ status: 503, retryAfter: "30" });
      expect(answer.body.message).toBe(
        "The app is receiving many files just now; wait a minute, then send this one again.",
      );
    }
    await answerHeld(3);
    expect((await Promise.all(admitted)).map((r) => r.status)).toEqual([201, 201, 201]);
  }, 60_000);

  it("runs three of a person's requests at once, lines up twelve more, refuses the next, and a forged cookie is nobody's", async () => {
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
        message: "You have 3 requests under way already; wait for them to finish, then try again.",
        errors: {},
      },
    });
    const token = carol.split(";")[0];
    const forged = Array.from({ length: 4 }, () => send(`${token.slice(0, -8)}AAAAAAAA`, 0));
    await answerHeld(7); // Carol's three, and the four forged ones, which no share holds back
    for (let round = 0; round < 4; round++) await answerHeld(3); // the line, three at a time
    expect((await Promise.all([...lined, ...forged])).map((r) => r.status)).toEqual(Array(19).fill(201));
  }, 60_000);
});
