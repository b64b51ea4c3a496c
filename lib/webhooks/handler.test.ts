// The webhook test matrix: one row per request, each checking the status, the answer body,
// what was stored (events, receipts) and what was queued, against a real migrated database and a
// real pg-boss on it.
import pg from "pg";
import type PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";
import { createBoss } from "@/lib/queue/boss";
import { enqueueEventProcessing } from "@/lib/queue/enqueue";
import { QUEUES } from "@/lib/queue/queues";
import { handleWebhook, WEBHOOK_BODY_LIMIT_BYTES, type WebhookDeps, type WebhookRequest } from "@/lib/webhooks/handler";
import { createDeliveryStore } from "@/lib/webhooks/delivery-store";
import { signWebhookBody } from "@/lib/webhooks/signature";
import { createUnreadStore } from "@/lib/webhooks/unread";

const SECRET = "whsec-current-0123456789";
const PREVIOUS = "whsec-previous-0123456789";
const CHALLENGE = "challenge-token-xyz";
const NOW = new Date("2026-01-15T12:00:00Z");
const T = Math.floor(NOW.getTime() / 1000);
const OK = { challenge: CHALLENGE };
const REFUSED = { error: "invalid request" };

function body(id: string, type = "patient.created"): string {
  return JSON.stringify({
    event: {
      id,
      type,
      clinic_id: "clinic-a",
      integration_id: "int-1",
      created_at: "2026-01-15T11:59:00.000Z",
      data: { patient: { id: "p1" } },
    },
  });
}
const signed = (raw: string, secret = SECRET, t = T): WebhookRequest => ({
  rawBody: raw,
  signatureHeader: signWebhookBody(raw, secret, t),
});
const v1Of = (header: string) => header.split("v1=")[1];

/** The documented product.created: the product directly in data, no clinic_id, no product id. */
const productCreated = (id: string) =>
  JSON.stringify({
    event: {
      id,
      type: "product.created",
      created_at: "2026-01-15T11:59:00.000Z",
      data: { name: "Calm Magnesium", brand: { id: "b1", name: "Northfield", prefix: "NF" }, variants: [] },
    },
  });
const STORED_PATIENT = {
  clinicId: "clinic-a",
  integrationId: "int-1",
  type: "patient.created",
  category: "patients",
  source: "webhook",
  data: { patient: { id: "p1" } },
};

interface Row {
  name: string;
  /** Requests sent in order; the last answer is checked. */
  requests: (id: string) => WebhookRequest[];
  status: number;
  body: object;
  events: number;
  receipts: number;
  jobs: number;
  /** The stored event (when one is), as the database keeps it. */
  stored?: Record<string, unknown>;
  /** Bodies kept raw as not an event we can read (lib/webhooks/unread.ts), by this row's marker. */
  unread?: number;
}

/** A signed body that is no event we can read: acknowledged, kept raw, no event stored. */
const KEPT_UNREAD = { status: 200, body: OK, events: 0, receipts: 0, jobs: 0, unread: 1 };

const rows: Row[] = [
  { name: "valid", requests: (id) => [signed(body(id))], status: 200, body: OK, events: 1, receipts: 1, jobs: 1 },
  {
    name: "duplicate: same answer, stored and queued once",
    requests: (id) => [signed(body(id)), signed(body(id))],
    status: 200,
    body: OK,
    events: 1,
    receipts: 2,
    jobs: 1,
  },
  {
    name: "empty signature header",
    requests: (id) => [{ rawBody: body(id), signatureHeader: "" }],
    status: 400,
    body: REFUSED,
    events: 0,
    receipts: 0,
    jobs: 0,
  },
  {
    name: "no signature header",
    requests: (id) => [{ rawBody: body(id), signatureHeader: null }],
    status: 400,
    body: REFUSED,
    events: 0,
    receipts: 0,
    jobs: 0,
  },
  {
    name: "malformed header",
    requests: (id) => [{ rawBody: body(id), signatureHeader: "garbage" }],
    status: 400,
    body: REFUSED,
    events: 0,
    receipts: 0,
    jobs: 0,
  },
  {
    name: "header without timestamp",
    requests: (id) => [{ rawBody: body(id), signatureHeader: `v1=${v1Of(signed(body(id)).signatureHeader!)}` }],
    status: 400,
    body: REFUSED,
    events: 0,
    receipts: 0,
    jobs: 0,
  },
  {
    name: "wrong scheme (v0 only)",
    requests: (id) => [{ rawBody: body(id), signatureHeader: `t=${T},v0=${v1Of(signed(body(id)).signatureHeader!)}` }],
    status: 400,
    body: REFUSED,
    events: 0,
    receipts: 0,
    jobs: 0,
  },
  {
    name: "bad signature (other secret)",
    requests: (id) => [signed(body(id), "not-the-secret-at-all")],
    status: 401,
    body: REFUSED,
    events: 0,
    receipts: 0,
    jobs: 0,
  },
  {
    name: "signature in upper-case hex",
    requests: (id) => {
      const r = signed(body(id));
      return [{ ...r, signatureHeader: `t=${T},v1=${v1Of(r.signatureHeader!).toUpperCase()}` }];
    },
    status: 400,
    body: REFUSED,
    events: 0,
    receipts: 0,
    jobs: 0,
  },
  {
    name: "several v1, one valid",
    requests: (id) => [
      {
        rawBody: body(id),
        signatureHeader: `t=${T},v1=${"0".repeat(64)},v1=${v1Of(signed(body(id)).signatureHeader!)},v1=${"f".repeat(64)}`,
      },
    ],
    status: 200,
    body: OK,
    events: 1,
    receipts: 1,
    jobs: 1,
  },
  {
    name: "several v1, none valid",
    requests: (id) => [{ rawBody: body(id), signatureHeader: `t=${T},v1=${"0".repeat(64)},v1=${"a".repeat(64)}` }],
    status: 401,
    body: REFUSED,
    events: 0,
    receipts: 0,
    jobs: 0,
  },
  {
    name: "previous secret during rotation",
    requests: (id) => [signed(body(id), PREVIOUS)],
    status: 200,
    body: OK,
    events: 1,
    receipts: 1,
    jobs: 1,
  },
  {
    name: "old timestamp (5 min + 1 s)",
    requests: (id) => [signed(body(id), SECRET, T - 301)],
    status: 401,
    body: REFUSED,
    events: 0,
    receipts: 0,
    jobs: 0,
  },
  {
    name: "future timestamp (5 min + 1 s)",
    requests: (id) => [signed(body(id), SECRET, T + 301)],
    status: 401,
    body: REFUSED,
    events: 0,
    receipts: 0,
    jobs: 0,
  },
  {
    name: "timestamp at the edge (5 min old)",
    requests: (id) => [signed(body(id), SECRET, T - 300)],
    status: 200,
    body: OK,
    events: 1,
    receipts: 1,
    jobs: 1,
  },
  {
    name: "tampered body",
    requests: (id) => [{ ...signed(body(id)), rawBody: body(id, "order.placed") }],
    status: 401,
    body: REFUSED,
    events: 0,
    receipts: 0,
    jobs: 0,
  },
  {
    name: "body re-serialised (whitespace added)",
    requests: (id) => [{ ...signed(body(id)), rawBody: body(id).replace(":", ": ") }],
    status: 401,
    body: REFUSED,
    events: 0,
    receipts: 0,
    jobs: 0,
  },
  {
    name: "non-JSON body, correctly signed",
    requests: () => [signed("this is not json")],
    status: 400,
    body: REFUSED,
    events: 0,
    receipts: 0,
    jobs: 0,
  },
  {
    ...KEPT_UNREAD,
    name: "JSON that is not an event, correctly signed: kept raw and acknowledged",
    requests: (id) => [signed(JSON.stringify({ hello: id }))],
  },
  {
    ...KEPT_UNREAD,
    name: "an event with no id, correctly signed: kept raw and acknowledged",
    requests: (id) => [signed(JSON.stringify({ event: { type: "patient.created", note: id, data: {} } }))],
  },
  {
    name: "JSON that is not an event, badly signed: refused, nothing kept",
    requests: (id) => [signed(JSON.stringify({ hello: id }), "not-the-secret-at-all")],
    status: 401,
    body: REFUSED,
    events: 0,
    receipts: 0,
    jobs: 0,
    unread: 0,
  },
  {
    name: "documented product.created (no clinic_id, product directly in data): stored under no clinic",
    requests: (id) => [signed(productCreated(id))],
    status: 200,
    body: OK,
    events: 1,
    receipts: 1,
    jobs: 1,
    stored: { clinicId: "", integrationId: null, type: "product.created", category: "products", source: "webhook" },
  },
  {
    name: "documented product.created, unsigned: refused as before",
    requests: (id) => [{ rawBody: productCreated(id), signatureHeader: null }],
    status: 400,
    body: REFUSED,
    events: 0,
    receipts: 0,
    jobs: 0,
  },
  {
    name: "oversized body",
    requests: (id) => [signed(body(id).replace('"p1"', `"${"x".repeat(WEBHOOK_BODY_LIMIT_BYTES)}"`))],
    status: 413,
    body: { error: "payload too large" },
    events: 0,
    receipts: 0,
    jobs: 0,
  },
  {
    name: "empty-body verification request",
    requests: () => [{ rawBody: "", signatureHeader: null }],
    status: 200,
    body: OK,
    events: 0,
    receipts: 0,
    jobs: 0,
  },
];

describe("webhook handler matrix", () => {
  let t: AppTestDatabase;
  let boss: PgBoss;
  let deps: WebhookDeps;

  beforeAll(async () => {
    t = await createTestDatabase("webhooks", { app: true });
    boss = await createBoss(t.url, { supervise: false, schedule: false });
    deps = {
      storeDelivery: createDeliveryStore(t.pool),
      storeUnread: createUnreadStore(t.pool),
      secrets: [SECRET, PREVIOUS],
      challenge: CHALLENGE,
      enqueueProcessing: (ids) => enqueueEventProcessing(boss, ids),
      now: () => NOW,
    };
  });
  afterAll(async () => {
    await boss?.stop({ graceful: false });
    await t?.drop();
  });

  const queuedJobsFor = async (id: string) => {
    const rows = await t.db.$queryRaw<Array<{ n: bigint }>>`
      SELECT count(*) AS n FROM pgboss.job WHERE name = ${QUEUES.processEvents} AND data->'eventIds' ? ${id}`;
    return Number(rows[0].n);
  };

  it.each(rows.map((r, i) => [r.name, r, `evt_matrix_${i}`] as const))("%s", async (_name, row, id) => {
    const eventsBefore = await t.db.event.count();
    let answer;
    for (const request of row.requests(id)) answer = await handleWebhook(request, deps);
    expect(answer).toEqual({ status: row.status, body: row.body });
    // Nothing but this row's event was stored, and it was stored as many times as expected.
    expect(await t.db.event.count()).toBe(eventsBefore + row.events);
    expect(await t.db.event.count({ where: { id } })).toBe(row.events);
    expect(await t.db.webhookReceipt.count({ where: { eventId: id } })).toBe(row.receipts);
    expect(await queuedJobsFor(id)).toBe(row.jobs);
    if (row.unread !== undefined) {
      const kept = await t.db.unreadDelivery.findMany({ where: { raw: { contains: id } } });
      expect(kept).toHaveLength(row.unread);
      if (row.unread) expect(JSON.parse(kept[0]!.raw)).toEqual(JSON.parse(row.requests(id).at(-1)!.rawBody));
    }
    if (row.events === 1) {
      const stored = await t.db.event.findUniqueOrThrow({ where: { id } });
      expect(stored).toMatchObject(row.stored ?? STORED_PATIENT);
      expect(await t.db.eventBacklog.findUnique({ where: { eventId: id } })).toMatchObject({ receivedAt: NOW });
      expect(stored.createdAt).toEqual(new Date("2026-01-15T11:59:00.000Z"));
      expect(stored.receivedAt).toEqual(NOW);
      expect(stored.raw).toBe(row.requests(id).at(-1)!.rawBody);
    }
  });

  it("keeps an event of an unknown type under 'other' rather than refusing an authentic delivery", async () => {
    const answer = await handleWebhook(signed(body("evt_unknown_type", "practitioner.created")), deps);
    expect(answer).toEqual({ status: 200, body: OK });
    expect(await t.db.event.findUnique({ where: { id: "evt_unknown_type" } })).toMatchObject({ category: "other" });
  });

  it("stores UTC times whatever the server's time zone (the columns hold no zone)", async () => {
    const zone = process.env.TZ;
    process.env.TZ = "Pacific/Auckland"; // Node applies a changed TZ at once
    try {
      expect(new Date(0).getTimezoneOffset()).not.toBe(0);
      expect(await handleWebhook(signed(body("evt_zone")), deps)).toEqual({ status: 200, body: OK });
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    const stored = await t.db.event.findUniqueOrThrow({ where: { id: "evt_zone" } });
    expect([stored.createdAt, stored.receivedAt]).toEqual([new Date("2026-01-15T11:59:00.000Z"), NOW]);
  });

  it("still answers with the challenge when the queue fails (the sweep processes the event later)", async () => {
    const answer = await handleWebhook(signed(body("evt_queue_down")), {
      ...deps,
      enqueueProcessing: () => Promise.reject(new Error("queue down")),
    });
    expect(answer).toEqual({ status: 200, body: OK });
    expect(await t.db.eventBacklog.count({ where: { eventId: "evt_queue_down" } })).toBe(1);
  });

  it("answers 503 (so the platform retries) and stores nothing when the database is unreachable", async () => {
    const unreachable = new pg.Pool({ connectionString: "postgresql://postgres@127.0.0.1:1/nowhere" });
    try {
      const answer = await handleWebhook(signed(body("evt_db_down")), {
        ...deps,
        storeDelivery: createDeliveryStore(unreachable),
      });
      expect(answer).toEqual({ status: 503, body: { error: "temporarily unavailable" } });
    } finally {
      await unreachable.end();
    }
    expect(await t.db.event.count({ where: { id: "evt_db_down" } })).toBe(0);
  });
});
