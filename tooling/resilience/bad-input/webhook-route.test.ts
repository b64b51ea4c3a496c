// Hostile requests to POST /api/webhooks/clinic, through the route module itself (the same
// function Next.js calls) with the app's configuration, database and job queue: each row the answer
// it must get, and the database exactly as it was (no event, no receipt, no job); a signed body that
// is not a readable event is acknowledged and kept raw, and nothing else changes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";
import { signWebhookBody } from "@/lib/webhooks/signature";
import { databaseFingerprint } from "@/tooling/resilience/bad-input/fingerprint";
import { QUEUES } from "@/lib/queue/queues";

const SECRET = "bad-input-webhook-secret";
const CHALLENGE = "bad-input-challenge";
const REFUSED = { error: "invalid request" };
const TOO_LARGE = { error: "payload too large" };
const now = () => Math.floor(Date.now() / 1000);
const event = (over: Record<string, unknown> = {}) => ({
  id: "evt_hostile",
  type: "patient.created",
  clinic_id: "clinic_other",
  integration_id: "int_x",
  created_at: "2026-01-15T11:59:00.000Z",
  data: {},
  ...over,
});
const signed = (body: string, secret = SECRET, t = now()) => ({
  "service-signature": signWebhookBody(body, secret, t),
});
const big = (bytes: number) => JSON.stringify({ event: event({ data: { blob: "x".repeat(bytes) } }) });

interface Row {
  name: string;
  body: string | (() => ReadableStream<Uint8Array>);
  headers?: (body: string) => Record<string, string>;
  status: number;
  answer: object;
}

const injection = "'; DROP TABLE events; --";
const rows: Row[] = [
  { name: "JSON event without a signature", body: JSON.stringify({ event: event() }), status: 400, answer: REFUSED },
  {
    name: "signature header of garbage",
    body: JSON.stringify({ event: event() }),
    headers: () => ({ "service-signature": "garbage" }),
    status: 400,
    answer: REFUSED,
  },
  {
    name: "SQL injection in the signature header",
    body: JSON.stringify({ event: event() }),
    headers: () => ({ "service-signature": `t=1,v1=${injection}` }),
    status: 400,
    answer: REFUSED,
  },
  {
    name: "signed with another secret, another clinic's id",
    body: JSON.stringify({ event: event({ clinic_id: "clinic_victim" }) }),
    headers: (b) => signed(b, "attacker-secret"),
    status: 401,
    answer: REFUSED,
  },
  {
    name: "replayed: signed 10 minutes ago",
    body: JSON.stringify({ event: event() }),
    headers: (b) => signed(b, SECRET, now() - 600),
    status: 401,
    answer: REFUSED,
  },
  {
    name: "signed from the future",
    body: JSON.stringify({ event: event() }),
    headers: (b) => signed(b, SECRET, now() + 600),
    status: 401,
    answer: REFUSED,
  },
  {
    name: "unicode and lone surrogates, unsigned",
    body: '{"event":{"id":"\ud800😀\u202e","type":"patient.created"}}',
    status: 400,
    answer: REFUSED,
  },
  { name: "signed: not JSON", body: "<xml>not json</xml>", headers: signed, status: 400, answer: REFUSED },
  {
    name: "signed: JSON with a byte-order mark",
    body: `\ufeff${JSON.stringify({ event: event() })}`,
    headers: signed,
    status: 400,
    answer: REFUSED,
  },
  {
    name: "huge body (1 MiB) with its Content-Length",
    body: big(1024 * 1024),
    headers: signed,
    status: 413,
    answer: TOO_LARGE,
  },
  {
    name: "huge body (1 MiB) streamed without a Content-Length",
    body: () =>
      new ReadableStream({
        start(c) {
          for (let i = 0; i < 16; i++) c.enqueue(new Uint8Array(64 * 1024).fill(120));
          c.close();
        },
      }),
    status: 413,
    answer: TOO_LARGE,
  },
  {
    name: "Content-Length that lies (claims 10 GB)",
    body: JSON.stringify({ event: event() }),
    headers: () => ({ "content-length": String(10 * 1024 ** 3) }),
    status: 413,
    answer: TOO_LARGE,
  },
];

// Signed, JSON, but not an event the app can read: never refused for its shape (a refusal would have
// the platform retry it six times, drop it, and count toward disabling the endpoint). Each is
// acknowledged and kept raw in unread_deliveries for admins; nothing else changes.
const unreadRows: Array<[string, string]> = [
  ["event id of the wrong type", JSON.stringify({ event: event({ id: 12345 }) })],
  ["event is an array", JSON.stringify({ event: [] })],
  ["event is null", JSON.stringify({ event: null })],
  ["top level is a string", JSON.stringify("event")],
  ["created_at is not a time", JSON.stringify({ event: event({ created_at: injection }) })],
  ["id of 10,000 characters", JSON.stringify({ event: event({ id: "e".repeat(10_000) }) })],
  ["empty id", JSON.stringify({ event: event({ id: "" }) })],
  ["data is a string", JSON.stringify({ event: event({ data: "not an object" }) })],
];

describe("hostile requests to the webhook route", () => {
  let t: AppTestDatabase;
  let POST: (request: Request) => Promise<Response>;

  beforeAll(async () => {
    t = await createTestDatabase("bad_webhook", { app: true });
    Object.assign(process.env, {
      DATABASE_URL: t.url,
      CLINIC_WEBHOOK_SECRET: SECRET,
      CLINIC_WEBHOOK_CHALLENGE: CHALLENGE,
    });
    ({ POST } = await import("@/app/api/webhooks/clinic/route"));
    // One genuine delivery first: the route, its database and its queue work, so the refusals below
    // are refusals and not a broken set-up.
    const body = JSON.stringify({ event: event({ id: "evt_genuine" }) });
    const answer = await POST(
      new Request("http://localhost/api/webhooks/clinic", { method: "POST", headers: signed(body), body }),
    );
    expect(answer.status).toBe(200);
    expect(await t.db.event.count({ where: { id: "evt_genuine" } })).toBe(1);
    // Its processing job is sent just after the answer (batched off the request path): wait for it,
    // so that it does not land inside the first row's before/after comparison.
    const deadline = Date.now() + 15_000;
    const queued = () =>
      t.db.$queryRaw<
        Array<{ n: number }>
      >`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${QUEUES.processEvents}`.then(
        (rows) => rows[0].n,
        () => 0, // pg-boss creates its schema on first use
      );
    while ((await queued()) === 0) {
      if (Date.now() > deadline) throw new Error("the genuine delivery's processing job was never queued");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(async () => {
    const { getBoss } = await import("@/lib/queue/boss");
    await (await getBoss()).stop({ graceful: false });
    const { db } = await import("@/lib/db");
    await db.$disconnect();
    await t?.drop();
  });

  it.each(rows.map((r) => [r.name, r] as const))("%s", async (_name, row) => {
    const before = await databaseFingerprint(t.url);
    const body = typeof row.body === "string" ? row.body : row.body();
    const init: RequestInit & { duplex?: "half" } = {
      method: "POST",
      body,
      headers: { "content-type": "application/json", ...(typeof row.body === "string" ? row.headers?.(row.body) : {}) },
    };
    if (typeof row.body !== "string") init.duplex = "half";
    const response = await POST(new Request("http://localhost/api/webhooks/clinic", init));
    expect(response.status).toBe(row.status);
    expect(await response.json()).toEqual(row.answer);
    expect(await databaseFingerprint(t.url)).toEqual(before);
  });

  it.each(unreadRows)("signed but unreadable, %s: acknowledged and kept raw, nothing else", async (_name, body) => {
    const before = await databaseFingerprint(t.url);
    const response = await POST(
      new Request("http://localhost/api/webhooks/clinic", {
        method: "POST",
        body,
        headers: { "content-type": "application/json", ...signed(body) },
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ challenge: CHALLENGE });
    const kept = await t.db.unreadDelivery.findMany();
    expect(kept.map((k) => k.raw)).toEqual([body]);
    await t.db.unreadDelivery.deleteMany();
    expect(await databaseFingerprint(t.url)).toEqual(before);
  });

  it("exports no other method (Next.js answers them 405)", async () => {
    const route = await import("@/app/api/webhooks/clinic/route");
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) expect(method in route, method).toBe(false);
  });
});
