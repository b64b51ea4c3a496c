// Spec 6.2.6, 7 and 8 (6 attempts; back-off 1m, 5m, 30m, 60m, 5h per docs/platform-api.md): on a
// frozen sandbox clock, driven through POST /__sandbox/clock/advance, each retry comes exactly when
// due and not a second earlier, and there is never a 7th attempt.
import { afterEach, describe, expect, it } from "vitest";
import { WEBHOOK_BACKOFF_SECONDS, WEBHOOK_MAX_ATTEMPTS } from "@/lib/contract";
import { waitUntil } from "../testing/wait";
import { ack, webhookWorld } from "../testing/webhook-setup";

type World = Awaited<ReturnType<typeof webhookWorld>>;
let w: World | null = null;
afterEach(async () => {
  await w?.close();
  w = null;
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const FROZEN = { clock: { start: "2025-03-15T12:00:00Z", frozen: true } };

describe("spec 6.2.6 / 8 back-off schedule", () => {
  it("retries after 1m, 5m, 30m, 60m and 5h, exactly, and stops after the 6th attempt", async () => {
    expect(WEBHOOK_BACKOFF_SECONDS).toEqual([60, 300, 1800, 3600, 18000]);
    const world = (w = await webhookWorld((_r, i) => (i === 0 ? ack() : { status: 503 }), {}, FROZEN));
    const eventId = (await world.activity("order.placed")).body.event.id;
    const attempts = () => world.t.sb.state.deliveries.filter((d) => d.eventId === eventId);
    const advance = (seconds: number) => world.t.client.control("/clock/advance", { seconds });
    await waitUntil(() => attempts().length === 1, "the first attempt");

    for (const [i, gap] of WEBHOOK_BACKOFF_SECONDS.entries()) {
      const previous = attempts()[i];
      expect(previous.nextAttemptAt).toBe(previous.attemptedAt + gap * 1000);
      await advance(gap - 1);
      await sleep(20);
      expect(attempts(), `attempt ${i + 2} came before its ${gap} s`).toHaveLength(i + 1);
      await advance(1);
      await waitUntil(() => attempts().length === i + 2, `attempt ${i + 2}`);
      expect(attempts()[i + 1].attemptedAt - previous.attemptedAt).toBe(gap * 1000);
    }

    const all = attempts();
    expect(all.map((d) => d.attempt)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(all.every((d) => !d.successfullyDelivered && d.statusCode === 503)).toBe(true);
    expect(all[WEBHOOK_MAX_ATTEMPTS - 1].nextAttemptAt).toBeNull();
    await advance(2 * 86_400);
    await sleep(50);
    expect(attempts()).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    expect(world.receiver.received).toHaveLength(1 + WEBHOOK_MAX_ATTEMPTS);
    expect(
      (await world.t.client.control<{ pending_webhook_retries: number }>("/health")).body.pending_webhook_retries,
    ).toBe(0);
  });
});
