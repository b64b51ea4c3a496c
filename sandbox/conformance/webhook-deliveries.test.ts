// Spec 4.5, 6.2.1 and 8: the delivery list keeps 30 days of history, filters attempted_at in every
// date form, and one webhook URL per environment (registering again replaces the endpoint).
import { afterEach, describe, expect, it } from "vitest";
import { WebhookDeliveryListResponseSchema } from "@/lib/contract";
import { startReceiver } from "../testing/receiver";
import { ack, eventOf, SECRET, verifySignature, webhookWorld } from "../testing/webhook-setup";

type World = Awaited<ReturnType<typeof webhookWorld>>;
let w: World | null = null;
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await w?.close();
  w = null;
  for (const c of cleanup.splice(0)) await c();
});
const FROZEN = { clock: { start: "2025-03-15T12:00:00Z", frozen: true } };
const DAY = 86_400;

async function list(world: World, query = "") {
  const token = (await world.t.client.signIn(world.t.clinicA.staff[0].id)).access_token;
  const res = await world.t.client.api(token, "GET", `/api/webhooks/deliveries?page[size]=100${query}`);
  expect(res.status).toBe(200);
  return WebhookDeliveryListResponseSchema.parse(res.body).deliveries;
}

describe("spec 8 delivery history of 30 days", () => {
  it("lists a delivery for 30 days and not after", async () => {
    const world = (w = await webhookWorld(ack, {}, FROZEN));
    const eventId = (await world.activity("order.placed")).body.event.id;
    await world.drain();
    expect((await list(world, `&event_id=${eventId}`)).map((d) => d.successfully_delivered)).toEqual([true]);
    await world.t.client.control("/clock/advance", { seconds: 30 * DAY - 60 });
    expect(await list(world, `&event_id=${eventId}`)).toHaveLength(1);
    await world.t.client.control("/clock/advance", { seconds: 2 * DAY });
    expect(await list(world, `&event_id=${eventId}`)).toEqual([]);
    expect(await list(world)).toEqual([]);
  });
});

describe("spec 4.5 attempted_at in every date form", () => {
  it("filters by `>` and by ranges over attempts made on two days", async () => {
    const world = (w = await webhookWorld(ack, {}, FROZEN));
    await world.activity("order.placed");
    await world.drain();
    await world.t.client.control("/clock/advance", { seconds: DAY });
    await world.activity("order.placed");
    await world.drain();
    // 2025-03-15: the activation and the first order; 2025-03-16: the second order.
    const rows: [string, number][] = [
      [">2025-03-14", 3],
      [">2025-03-15", 1],
      [">2025-03-16", 0],
      ["2025-03-15..2025-03-15", 2],
      ["2025-03-15..2025-03-16", 3],
      ["2025-03-16..2025-04-01", 1],
      ["2025-03-01..2025-03-14", 0],
      ["<2025-03-16", 2],
    ];
    for (const [filter, count] of rows) {
      const got = await list(world, `&attempted_at=${encodeURIComponent(filter)}`);
      expect(got.length, filter).toBe(count);
    }
  });
});

describe("spec 6.2.1 / 8 one webhook URL per environment", () => {
  it("registering again replaces the endpoint: its URL, secret and event types", async () => {
    const world = (w = await webhookWorld(ack));
    const second = await startReceiver(() => ({
      status: 200,
      body: JSON.stringify({ challenge: "second-challenge" }),
    }));
    cleanup.push(second.close);
    const reg = await world.t.client.control("/webhook-endpoint", {
      url: second.url,
      signing_secret: "second-secret",
      challenge_token: "second-challenge",
      event_types: ["order.placed"],
    });
    expect(reg.status).toBe(200);
    const current = (
      await world.t.client.control<{ endpoint: { url: string; event_types: string[] } }>("/webhook-endpoint")
    ).body.endpoint;
    expect(current).toMatchObject({ url: second.url, event_types: ["order.placed"] });

    const before = world.receiver.received.length;
    await world.activity("patient.created");
    const order = (await world.activity("order.placed")).body.event.id;
    await second.waitFor(1);
    await world.drain();
    expect(world.receiver.received).toHaveLength(before);
    expect(second.received.map((r) => eventOf(r).id)).toEqual([order]);
    const deliveries = await list(world, `&event_id=${order}`);
    expect(deliveries.map((d) => [d.url, d.successfully_delivered])).toEqual([[second.url, true]]);
    // Signed with the new endpoint's secret, not the old one's.
    expect(verifySignature(second.received[0], "second-secret")).toBe(true);
    expect(verifySignature(second.received[0], SECRET)).toBe(false);
  });
});
