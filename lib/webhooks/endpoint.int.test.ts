// The webhook endpoint's two doors, wired as in the app (the process's pool, configuration and job
// queue): the Fetch door (the route file, under a bare `next start`) and the Node.js door (the app
// server) give the same answer to the same request, and each delivery is stored once.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";
import { LOCAL_DEFAULTS } from "@/lib/contract/local-defaults";
import { signWebhookBody } from "@/lib/webhooks/signature";
import type { WebhookResponse } from "@/lib/webhooks/handler";

type Endpoint = typeof import("@/lib/webhooks/endpoint");

let t: AppTestDatabase;
let endpoint: Endpoint;
let server: http.Server;
let nodeUrl: string;

beforeAll(async () => {
  t = await createTestDatabase("endpoint", { app: true });
  // The endpoint reads the process's configuration and pool, as in the app: point them here first.
  process.env.DATABASE_URL = t.url;
  endpoint = await import("@/lib/webhooks/endpoint");
  server = http.createServer((req, res) => void endpoint.serveNodeWebhook(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  nodeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/clinic`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  const [{ systemPool }, { getBoss }] = await Promise.all([import("@/lib/db/pool"), import("@/lib/queue/boss")]);
  await getBoss().then(
    (boss) => boss.stop({ graceful: false }),
    () => {},
  );
  await systemPool().end();
  await t?.drop();
});

function delivery(id: string): string {
  return JSON.stringify({
    event: {
      id,
      type: "order.placed",
      clinic_id: "clinic-a",
      integration_id: "int-1",
      created_at: new Date().toISOString(),
      data: { order: { id: "o1" } },
    },
  });
}
const withSignature = (
  body: string,
  secret: string = LOCAL_DEFAULTS.webhookSecret,
): [string, Record<string, string>] => [
  body,
  { "service-signature": signWebhookBody(body, secret, Math.floor(Date.now() / 1000)) },
];

async function viaFetchDoor(body: string, headers: Record<string, string>): Promise<WebhookResponse> {
  return endpoint.receiveWebhook(new Request("http://app.test/api/webhooks/clinic", { method: "POST", body, headers }));
}
async function viaNodeDoor(body: string, headers: Record<string, string>): Promise<WebhookResponse> {
  const response = await fetch(nodeUrl, { method: "POST", body, headers });
  return { status: response.status, body: await response.json() };
}

describe("the webhook endpoint's two doors", () => {
  const ok = { status: 200, body: { challenge: LOCAL_DEFAULTS.webhookChallenge } };
  const rows: Array<[string, (id: string) => [string, Record<string, string>], WebhookResponse, number]> = [
    ["a signed delivery", (id) => withSignature(delivery(id)), ok, 1],
    ["the endpoint check (empty body)", () => ["", {}], ok, 0],
    [
      "another secret's signature",
      (id) => withSignature(delivery(id), "not-the-secret"),
      { status: 401, body: { error: "invalid request" } },
      0,
    ],
    ["no signature", (id) => [delivery(id), {}], { status: 400, body: { error: "invalid request" } }, 0],
    ["signed, not JSON", () => withSignature("not json"), { status: 400, body: { error: "invalid request" } }, 0],
    [
      "over the size limit",
      (id) => withSignature(delivery(id).replace('"o1"', `"${"x".repeat(300_000)}"`)),
      { status: 413, body: { error: "payload too large" } },
      0,
    ],
  ];
  it.each(rows)("%s", async (name, request, expected, stored) => {
    for (const [door, send] of [
      ["fetch", viaFetchDoor],
      ["node", viaNodeDoor],
    ] as const) {
      const id = `evt_doors_${door}_${name.replace(/\W+/g, "_")}`;
      const [body, headers] = request(id);
      expect(await send(body, headers), door).toEqual(expected);
      expect(await t.db.event.count({ where: { id } }), door).toBe(stored);
      expect(await t.db.webhookReceipt.count({ where: { eventId: id } }), door).toBe(stored);
    }
  });
});

describe("a signed event whose data the database cannot keep as sent", () => {
  const ok = { status: 200, body: { challenge: LOCAL_DEFAULTS.webhookChallenge } };
  /** Written as text: nesting this deep is more than a recursive JSON.stringify can take. */
  const deep = (levels: number) => `${'{"d":'.repeat(levels)}"bottom"${"}".repeat(levels)}`;
  const body = (id: string, data: Record<string, unknown> | string, clinicId = "clinic-a") =>
    typeof data === "string"
      ? `{"event":{"id":"${id}","type":"patient.updated","clinic_id":"${clinicId}","integration_id":null,"created_at":"2026-01-10T08:00:00.000Z","data":${data}}}`
      : JSON.stringify({
          event: {
            id,
            type: "patient.updated",
            clinic_id: clinicId,
            integration_id: null,
            created_at: "2026-01-10T08:00:00.000Z",
            data,
          },
        });
  const rows: Array<[string, Record<string, unknown> | string, string | null, (data: unknown) => void]> = [
    [
      "a NUL character in a value and a key",
      { patient: { name: "Ada\u0000Lovelace", "k\u0000": 1 } },
      "control-character",
      (d) => expect(d).toEqual({ patient: { name: "Ada\ufffdLovelace", "k\ufffd": 1 } }),
    ],
    [
      "a lone surrogate",
      '{"patient":{"name":"\\ud800"}}',
      "control-character",
      (d) => expect(d).toEqual({ patient: { name: "\ufffd" } }),
    ],
    ["nested 5,000 deep", deep(5000), "too-deep", (d) => expect(d).toEqual({})],
    [
      "a key named __proto__",
      '{"__proto__":{"admin":true},"patient":{"id":"p1"}}',
      null,
      (d) => {
        expect(Object.keys(d as object).sort()).toEqual(["__proto__", "patient"]);
        expect(Object.getOwnPropertyDescriptor(d, "__proto__")?.value).toEqual({ admin: true });
      },
    ],
  ];
  it.each(rows)("%s: acknowledged, kept as received, marked", async (name, data, issue, check) => {
    for (const [door, send] of [
      ["fetch", viaFetchDoor],
      ["node", viaNodeDoor],
    ] as const) {
      const id = `evt_poison_${door}_${name.replace(/\W+/g, "_")}`;
      const [raw, headers] = withSignature(body(id, data));
      expect(await send(raw, headers), door).toEqual(ok);
      const stored = await t.db.event.findUniqueOrThrow({ where: { id } });
      expect(stored.raw, door).toBe(raw);
      expect(stored.dataIssue, door).toBe(issue);
      check(stored.data);
      // A retry of the same delivery is a duplicate, answered alike.
      expect(await send(...withSignature(raw)), door).toEqual(ok);
      expect(await t.db.webhookReceipt.count({ where: { eventId: id } }), door).toBe(2);
    }
  });

  it("a duplicate naming another clinic records nothing under that clinic", async () => {
    const id = "evt_poison_other_clinic";
    expect(await viaNodeDoor(...withSignature(body(id, { order: { id: "o1" } }, "clinic-a")))).toEqual(ok);
    expect(await viaNodeDoor(...withSignature(body(id, { order: { id: "o2" } }, "clinic-b")))).toEqual(ok);
    expect(await t.db.event.findUniqueOrThrow({ where: { id } })).toMatchObject({
      clinicId: "clinic-a",
      data: { order: { id: "o1" } },
    });
    expect(await t.db.webhookReceipt.count({ where: { eventId: id, clinicId: "clinic-b" } })).toBe(0);
    expect(await t.db.webhookReceipt.count({ where: { eventId: id, clinicId: "clinic-a" } })).toBe(2);
  });
});

describe("a delivery refused for its size", () => {
  it("is answered 413 so the sender can read it, the rest of its body read and discarded", async () => {
    const big = Buffer.alloc(4 * 1024 * 1024, "x");
    const response = await fetch(nodeUrl, {
      method: "POST",
      body: big,
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "payload too large" });
  });
});
