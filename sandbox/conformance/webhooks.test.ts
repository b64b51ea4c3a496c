// Spec 2.5, 3 (webhook endpoint), 4.5, 6.2, 6.3, 7 and 8: signed deliveries, the challenge,
// retries with back-off (scaled), 410 and 24-hour disabling, and the delivery list.
import { afterEach, describe, expect, it } from "vitest";
import { WEBHOOK_BACKOFF_SECONDS, WebhookDeliveryListResponseSchema } from "@/lib/contract";
import { ack, CHALLENGE, eventOf, verifySignature, webhookWorld } from "../testing/webhook-setup";

type World = Awaited<ReturnType<typeof webhookWorld>>;
let w: World | null = null;
afterEach(async () => {
  await w?.close();
  w = null;
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const deliveries = async (world: World, query = "") =>
  WebhookDeliveryListResponseSchema.parse(
    (await world.t.client.api(world.token, "GET", `/api/webhooks/deliveries?page[size]=100${query}`)).body,
  ).deliveries;

describe("spec 6.2 / 6.3 delivery and signature", () => {
  it("POSTs {event} with a Service-Signature that verifies by the spec's algorithm", async () => {
    w = await webhookWorld(ack);
    const { body } = await w.activity("patient.created");
    await w.receiver.waitFor(2);
    const [activated, created] = w.receiver.received;
    expect(eventOf(activated).type).toBe("clinic_key.activated");
    expect(eventOf(created)).toMatchObject({
      id: body.event.id,
      type: "patient.created",
      clinic_id: w.t.clinicA.id,
      integration_id: w.t.clinicA.integration_id,
    });
    expect(verifySignature(created)).toBe(true);
    expect(verifySignature(created, "another-secret")).toBe(false);
    const ts = Number(/t=(\d+)/.exec(String(created.headers["service-signature"]))?.[1]);
    expect(Math.abs(ts - Date.now() / 1000)).toBeLessThan(300);
    expect(verifySignature({ ...created, body: created.body.replace("patient", "Patient") })).toBe(false);
  });

  it("counts 200/201 with the challenge as delivered (spec 6.2.4-5)", async () => {
    w = await webhookWorld((_r, i) =>
      i % 2 ? { status: 201, body: JSON.stringify({ challenge: CHALLENGE }) } : ack(),
    );
    await w.activity("order.placed");
    await w.receiver.waitFor(2);
    await w.drain();
    const list = await deliveries(w);
    expect(list).toHaveLength(2);
    expect(list.every((d) => d.successfully_delivered && d.attempt === 1 && d.error === null)).toBe(true);
  });

  it("sends events only for activated integrations (spec 6.2.9)", async () => {
    w = await webhookWorld(ack);
    await w.activity("patient.created", w.t.clinicB.id);
    await w.drain();
    await sleep(50);
    expect(w.receiver.received.map((r) => eventOf(r).clinic_id)).not.toContain(w.t.clinicB.id);
  });

  it("sends only subscribed event types", async () => {
    w = await webhookWorld(ack, { event_types: ["order.placed"] });
    await w.activity("patient.created");
    await w.activity("order.placed");
    await w.receiver.waitFor(1);
    await w.drain();
    expect(w.receiver.received.map((r) => eventOf(r).type)).toEqual(["order.placed"]);
  });

  it("follows the account's patch_version (spec 6.2.11, 9)", async () => {
    w = await webhookWorld(ack);
    await w.t.client.control("/account", { patch_version: "sandbox-extras" });
    await w.activity("patient.updated");
    await w.receiver.waitFor(2);
    const e = eventOf(w.receiver.received[1]);
    expect(e.patch_version).toBe("sandbox-extras");
    expect(e.data).toHaveProperty("previous_attributes");
    expect((e.data.patient as { full_name?: string }).full_name).toBeTruthy();
  });
});

describe("spec 6.2.4-6 / 7 failures and retries", () => {
  it("counts a challenge mismatch as failure and retries after scaled back-off", async () => {
    w = await webhookWorld((_r, i) =>
      i === 0 || i >= 3 ? ack() : { status: 200, body: JSON.stringify({ challenge: "wrong" }) },
    );
    await w.t.client.control("/time-scale", { scale: 0.001 });
    const { body } = await w.activity("order.placed");
    await w.receiver.waitFor(4, 5000);
    const attempts = await deliveries(w, `&event_id=${body.event.id}&sort_by=attempted_at`);
    expect(attempts.map((d) => [d.attempt, d.successfully_delivered, d.error])).toEqual([
      [1, false, "challenge_mismatch"],
      [2, false, "challenge_mismatch"],
      [3, true, null],
    ]);
    // Back-off is measured from the start of the previous attempt: 60 s and 300 s scaled by 0.001.
    const at = attempts.map((d) => Date.parse(d.attempted_at));
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(60);
    expect(at[1] - at[0]).toBeLessThan(1000);
    expect(at[2] - at[1]).toBeGreaterThanOrEqual(300);
    expect(Date.parse(attempts[0].next_attempt_at ?? "")).toBe(at[0] + 60);
  });

  it("stops after 6 attempts", async () => {
    w = await webhookWorld((_r, i) => (i === 0 ? ack() : { status: 500, body: "oops" }));
    await w.t.client.control("/time-scale", { scale: 0.0001 });
    const { body } = await w.activity("order.placed");
    await w.receiver.waitFor(7, 8000);
    await sleep(300);
    expect(w.receiver.received).toHaveLength(7);
    const attempts = await deliveries(w, `&event_id=${body.event.id}&successfully_delivered=false`);
    expect(attempts.map((d) => d.attempt)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(attempts[5].next_attempt_at).toBeNull();
    // The whole schedule, scaled: 1m, 5m, 30m, 60m, 5h × 0.0001 (exact when due; lower bounds when run).
    const at = attempts.map((d) => Date.parse(d.attempted_at));
    WEBHOOK_BACKOFF_SECONDS.forEach((gap, i) => {
      const scaled = Math.round(gap * 1000 * 0.0001);
      expect(Date.parse(attempts[i].next_attempt_at ?? "") - at[i]).toBe(scaled);
      expect(at[i + 1] - at[i]).toBeGreaterThanOrEqual(scaled);
    });
    expect(attempts[0].status_code).toBe(500);
    expect(attempts[0].response_body).toBe("oops");
  });

  it("counts a slow answer (over 2 s) as a failed delivery", async () => {
    w = await webhookWorld((_r, i) => (i === 1 ? { ...ack(), delayMs: 2300 } : ack()));
    const { body } = await w.activity("order.placed");
    await w.drain();
    const [first] = await deliveries(w, `&event_id=${body.event.id}`);
    expect(first).toMatchObject({ successfully_delivered: false, error: "timeout", status_code: null });
  });

  it("disables the endpoint on 410 and resumes after re-enabling (spec 3)", async () => {
    let gone = true;
    w = await webhookWorld((_r, i) => (i > 0 && gone ? { status: 410 } : ack()));
    await w.activity("order.placed");
    await w.drain();
    const ep = (
      await w.t.client.control<{ endpoint: { enabled: boolean; disabled_reason: string } }>("/webhook-endpoint")
    ).body.endpoint;
    expect(ep.enabled).toBe(false);
    expect(ep.disabled_reason).toContain("410");
    await w.activity("order.placed");
    await w.drain();
    expect(w.receiver.received).toHaveLength(2);
    gone = false;
    await w.t.client.control("/webhook-endpoint", {
      url: w.receiver.url,
      signing_secret: "test-signing-secret",
      challenge_token: CHALLENGE,
    });
    await w.activity("order.placed");
    await w.receiver.waitFor(3);
  });

  it("disables the endpoint after failing for more than 24 hours (spec 3, 8)", async () => {
    w = await webhookWorld((_r, i) => (i === 0 ? ack() : { status: 503 }));
    await w.activity("order.placed");
    await w.drain();
    await w.t.client.control("/clock/advance", { seconds: 23 * 3600 });
    await w.receiver.waitFor(3);
    await w.drain();
    await sleep(20);
    expect(
      (await w.t.client.control<{ endpoint: { enabled: boolean } }>("/webhook-endpoint")).body.endpoint.enabled,
    ).toBe(true);
    await w.t.client.control("/clock/advance", { seconds: 2 * 3600 });
    await w.receiver.waitFor(4);
    await sleep(50);
    const ep = (
      await w.t.client.control<{ endpoint: { enabled: boolean; disabled_reason: string } }>("/webhook-endpoint")
    ).body.endpoint;
    expect(ep.enabled).toBe(false);
    expect(ep.disabled_reason).toContain("24 hours");
  });
});

describe("webhook faults (control API)", () => {
  it("duplicates, reorders, drops and delays the next deliveries deterministically", async () => {
    w = await webhookWorld(ack);
    await w.t.client.control("/faults", { webhook_duplicate_next: 1 });
    const dup = (await w.activity("order.placed")).body.event.id;
    await w.receiver.waitFor(3);
    expect(w.receiver.received.slice(1).map((r) => eventOf(r).id)).toEqual([dup, dup]);

    await w.t.client.control("/faults", { webhook_reorder_next: 3 });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await w.activity("patient.created")).body.event.id);
    await w.receiver.waitFor(6);
    expect(w.receiver.received.slice(3).map((r) => eventOf(r).id)).toEqual([...ids].reverse());

    await w.t.client.control("/faults", { webhook_drop_next: 1 });
    const dropped = (await w.activity("order.placed")).body.event.id;
    await w.drain();
    expect(w.receiver.received.map((r) => eventOf(r).id)).not.toContain(dropped);
    expect((await w.t.client.api(w.token, "GET", `/api/events/${dropped}`)).status).toBe(200);

    await w.t.client.control("/faults", { webhook_delay_next: { count: 1, ms: 150 } });
    const started = Date.now();
    await w.activity("order.placed");
    await w.receiver.waitFor(7);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });
});

describe("webhook delivery failures (control API)", () => {
  it("fails the next attempts without reaching the receiver, retries them, and a 410 disables the endpoint", async () => {
    w = await webhookWorld(ack);
    await w.t.client.control("/faults", { webhook_fail_next: { count: 1 } });
    const failed = (await w.activity("order.placed")).body.event.id;
    await w.drain();
    expect(w.receiver.received.map((r) => eventOf(r).id)).not.toContain(failed);
    const [attempt] = await deliveries(w, `&event_id=${failed}`);
    expect(attempt).toMatchObject({ successfully_delivered: false, status_code: 503, error: "status_503" });
    expect(attempt.next_attempt_at).not.toBeNull();

    // The retry is a real delivery again.
    await w.t.client.control("/clock/advance", { seconds: WEBHOOK_BACKOFF_SECONDS[0] });
    await w.receiver.waitFor(2);
    expect(eventOf(w.receiver.received[1]).id).toBe(failed);

    await w.t.client.control("/faults", { webhook_fail_next: { count: 1, status: 410 } });
    await w.activity("order.placed");
    await w.drain();
    const ep = (
      await w.t.client.control<{ endpoint: { enabled: boolean; disabled_reason: string } }>("/webhook-endpoint")
    ).body.endpoint;
    expect(ep).toMatchObject({ enabled: false, disabled_reason: "the endpoint answered 410 Gone" });
  });
});

describe("spec 4.5 delivery list", () => {
  it("filters by attempted_at, event_id and successfully_delivered and sorts", async () => {
    w = await webhookWorld((_r, i) => (i === 2 ? { status: 500 } : ack()));
    await w.activity("order.placed");
    await w.activity("order.placed");
    await w.drain();
    const today = new Date(w.t.sb.state.clock.now()).toISOString().slice(0, 10);
    expect(await deliveries(w, `&attempted_at=${today}`)).toHaveLength(3);
    expect(await deliveries(w, `&attempted_at=%3C${today}`)).toHaveLength(0);
    expect(await deliveries(w, "&successfully_delivered=false")).toHaveLength(1);
    const desc = await deliveries(w, "&sort_by=event_id&order_by=DESC");
    expect(desc.map((d) => d.event_id)).toEqual([...desc.map((d) => d.event_id)].sort().reverse());
  });

  it.each([
    ["successfully_delivered=yes", "successfully_delivered"],
    ["sort_by=status_code", "sort_by"],
    ["order_by=down", "order_by"],
    ["attempted_at=yesterday", "attempted_at"],
    ["page[size]=500", "page[size]"],
  ])("refuses %s with 400", async (query, field) => {
    w = await webhookWorld(ack);
    const res = await w.t.client.api(w.token, "GET", `/api/webhooks/deliveries?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: [{ field }] });
  });
});

describe("webhook endpoint registration (spec 6.2.1, 6.2.3)", () => {
  it.each([
    ["plain http to a public host", { url: "http://example.com/hook" }],
    ["an unknown event type", { event_types: ["order.cancelled"] }],
    ["a short signing secret", { signing_secret: "x" }],
  ])("refuses %s", async (_label, change) => {
    w = await webhookWorld(ack);
    const res = await w.t.client.control("/webhook-endpoint", {
      url: w.receiver.url,
      signing_secret: "test-signing-secret",
      challenge_token: CHALLENGE,
      ...change,
    });
    expect(res.status).toBe(422);
  });

  it("accepts https anywhere", async () => {
    w = await webhookWorld(ack);
    const res = await w.t.client.control("/webhook-endpoint", {
      url: "https://hooks.example.com/clinic",
      signing_secret: "test-signing-secret",
      challenge_token: CHALLENGE,
    });
    expect(res.status).toBe(200);
  });
});
