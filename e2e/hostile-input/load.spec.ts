// Hostile load on the app server: a body in chunks with no length, one person's many uploads and
// searches at once (their share of the server), a declared body larger than any route accepts, an
// upload with no session, and a body that trickles. Nothing is stored or changed by any of them.
import http from "node:http";
import net from "node:net";
import { expect, test } from "@playwright/test";
import { E2E_ENV } from "@/tooling/testing/e2e-stacks";
import { FILES } from "@/sandbox/testing/files";
import { TAG } from "../support/cast";
import { fingerprint } from "../support/fingerprint";
import { actionTarget, ACTION_HEADERS } from "../support/server-actions";
import { RES } from "./action-rows/row";
import { BODY_TOO_LARGE, refusedAs } from "./answers";
import { EXE_AS_PDF, FIELDS, upload } from "./route-rows/row";
import { cast, castPerFile, expectNoLeak } from "./setup";

castPerFile();

// A body in chunks declares no length, so the size check of the upload rows cannot see it coming: refused at
// once (411) instead of read into memory up to 50 MB and then failing with an opaque 500.
test("a server action whose 50 MB body comes in chunks, without a length — refused (411), nothing changed", async () => {
  const before = await fingerprint(cast);
  const { id, page } = actionTarget(RES.list);
  const cookie = (await cast.api.practitioner.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const chunk = Buffer.alloc(1024 * 1024, "x");
  const { status, text, sent } = await new Promise<{ status: number; text: string; sent: number }>(
    (resolve, reject) => {
      let sent = 0;
      const request = http.request(`${E2E_ENV.APP_URL}${page}`, {
        method: "POST",
        headers: { ...ACTION_HEADERS, "Next-Action": id, Cookie: cookie, "Content-Type": "text/plain;charset=UTF-8" },
      });
      request.on("response", (response) => {
        const parts: Buffer[] = [];
        response.on("data", (part: Buffer) => parts.push(part));
        response.on("end", () => {
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(parts).toString("utf8"), sent });
          request.destroy(); // the rest of the body is not needed
        });
      });
      request.on("error", (error) => (sent < 50 ? reject(error) : undefined));
      // A chunk at a time, with a pause after each is sent: the answer is read as soon as it comes.
      // Written flat out, a busy test process could miss it until the server's lingering close
      // ends (16 MB later), and the next write would fail with EPIPE.
      const pump = () => {
        if (request.destroyed) return;
        if (sent === 50) return void request.end();
        sent += 1;
        request.write(chunk, () => setTimeout(pump, 5));
      };
      pump();
    },
  );
  expect(status).toBe(411);
  expect(JSON.parse(text)).toEqual({ error: "This request must state its length." });
  expect(sent, "answered before the whole body was sent").toBeLessThan(50);
  expect(await fingerprint(cast)).toEqual(before);
});

// One person's share of the app server (lib/limits/request-share.ts): bodies and requests beyond it
// are refused before Next.js reads or renders them, in words that say to wait.
const WAIT_FOR_UPLOADS =
  /^You are already sending at least [\d.]+\u00a0MB of files; wait until they have finished uploading, then send this one again\.$/;
const WAIT_FOR_REQUESTS = [
  /^You have at least \d+ requests under way already; wait for them to finish, then try again\.$/,
  /^You already have \d+ search(es)? running; wait for (it|them) to finish, then try again\.$/,
];

test("POST /api/resources — thirty 10 MB uploads at once by one practitioner: those over their share told to wait (429), nothing changed", async () => {
  const before = await fingerprint(cast);
  // Bad content, so the uploads let in are refused by the route after reading them: nothing is stored.
  const big = { ...EXE_AS_PDF, buffer: Buffer.concat([FILES.exe, Buffer.alloc(10 * 1000 * 1000)]) };
  const answers = await Promise.all(
    Array.from({ length: 30 }, async () => {
      const response = await upload({ ...FIELDS, file: big })(cast.api.practitioner);
      return { status: response.status(), retryAfter: response.headers()["retry-after"], text: await response.text() };
    }),
  );
  const told = answers.filter((a) => a.status === 429);
  expect(told.length, JSON.stringify(answers.map((a) => a.status))).toBeGreaterThan(0);
  for (const a of told) {
    expect(a.retryAfter).toBe("10");
    const body = JSON.parse(a.text) as { ok: boolean; code: string; message: string; errors: object };
    expect(body).toEqual({ ok: false, code: "busy", message: expect.stringMatching(WAIT_FOR_UPLOADS), errors: {} });
  }
  // The rest were read and refused for their content, each as a person would be told.
  for (const a of answers.filter((x) => x.status !== 429)) expect(a.status, a.text).toBe(422);
  expectNoLeak(answers.map((a) => a.text).join("\n"), cast, []);
  expect(await fingerprint(cast)).toEqual(before);
});

test("GET /api/events — sixty searches at once by one practitioner: each answered, those over their share told to wait (429)", async () => {
  const answers = await Promise.all(
    Array.from({ length: 60 }, async (_, i) => {
      const response = await cast.api.practitioner.get(`/api/events?q=${encodeURIComponent(`${TAG}zz${i}`)}`);
      return { status: response.status(), text: await response.text() };
    }),
  );
  const told = answers.filter((a) => a.status === 429);
  expect(told.length, JSON.stringify(answers.map((a) => a.status))).toBeGreaterThan(0);
  for (const a of told) {
    const { message } = JSON.parse(a.text) as { message: string };
    expect(
      WAIT_FOR_REQUESTS.some((sentence) => sentence.test(message)),
      message,
    ).toBe(true);
  }
  for (const a of answers.filter((x) => x.status !== 429)) expect(a.status, a.text.slice(0, 200)).toBe(200);
});

/**
 * Sends `head` (a request line and headers), then a byte every `dripMs` until the answer comes;
 * resolves with the answer's status, its body, and how long until its first bytes came.
 */
function trickle(head: string, dripMs: number): Promise<{ status: number; body: string; ms: number }> {
  const { hostname, port } = new URL(E2E_ENV.APP_URL);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname);
    const drip = setInterval(() => socket.write("x"), dripMs);
    let answer = "";
    let answeredAt = 0;
    socket.on("connect", () => socket.write(`${head}\r\nHost: ${hostname}:${port}\r\n\r\n--x`));
    socket.on("data", (chunk: Buffer) => {
      answeredAt ||= Date.now();
      answer += chunk.toString("utf8");
    });
    socket.on("error", reject);
    socket.on("close", () => {
      clearInterval(drip);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      const body = answer.slice(answer.indexOf("\r\n\r\n") + 4);
      resolve({ status, body, ms: (answeredAt || Date.now()) - started });
    });
  });
}

// The app server's body bounds (lib/limits/body-share.ts): a body larger than any route accepts
// is refused before any budget counts it, whoever sends it; a body with no session counts only
// against a small pool of its own; and a body that trickles is cut for its pace.
test("POST /api/resources — a declared 2 GB body, with a session or none: refused at once (413), nothing changed", async () => {
  const before = await fingerprint(cast);
  const cookie = (await cast.api.practitioner.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  for (const who of [`Cookie: ${cookie}\r\n`, ""]) {
    const answer = await trickle(
      `POST /api/resources HTTP/1.1\r\n${who}Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 2000000000`,
      1000,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(refusedAs("invalid", BODY_TOO_LARGE));
  }
  expect(await fingerprint(cast)).toEqual(before);
});

test("POST /api/resources — an upload with no session: refused at once (401) before it is read, nothing changed", async () => {
  const before = await fingerprint(cast);
  const answer = await trickle(
    "POST /api/resources HTTP/1.1\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 5000000",
    1000,
  );
  expect(answer.status).toBe(401);
  expect(JSON.parse(answer.body)).toEqual(refusedAs("sign-in", "You are signed out. Sign in again to continue."));
  expect(await fingerprint(cast)).toEqual(before);
});

test("POST /api/resources — a practitioner's upload trickling a byte every 2 s: cut (408) within seconds, nothing changed", async () => {
  const before = await fingerprint(cast);
  const cookie = (await cast.api.practitioner.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const answer = await trickle(
    `POST /api/resources HTTP/1.1\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 5000000`,
    2000,
  );
  expect(answer.status).toBe(408);
  // Cut for its pace, well before the request timeout (120 s) would have ended it.
  expect(answer.ms).toBeLessThan(60_000);
  expect(await fingerprint(cast)).toEqual(before);
});
