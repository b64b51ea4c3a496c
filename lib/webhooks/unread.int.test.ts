// Unreadable signed deliveries are kept within bounds (lib/webhooks/unread.ts): a day's first
// UNREAD_KEPT_PER_DAY bodies are kept, each cut to UNREAD_KEPT_BYTES with its whole size and keys;
// the rest of the day is counted with its bytes, never stored; and both leave after the kept days.
// Against real PostgreSQL: the bound is one statement's, and concurrency is where it could slip.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, scratchPool, type AppTestDatabase } from "@/tooling/testing/database";
import {
  createUnreadStore,
  pruneUnreadDeliveries,
  UNREAD_KEPT_BYTES,
  UNREAD_KEPT_DAYS,
  UNREAD_KEPT_PER_DAY,
  utf8Prefix,
} from "@/lib/webhooks/unread";

describe("unreadable deliveries within bounds", () => {
  let t: AppTestDatabase;
  let sql: pg.Pool;
  beforeAll(async () => {
    t = await createTestDatabase("unread", { app: true });
    sql = scratchPool(t.url, 8);
  });
  afterAll(async () => {
    await sql?.end();
    await t?.drop();
  });

  it("keeps a day's first bodies, cut to the kept size with their whole size and keys, and counts the rest", async () => {
    const store = createUnreadStore(sql);
    const day = new Date("2026-11-20T10:00:00Z");
    const big = JSON.stringify({ junk: "é".repeat(100_000), other: 1 }); // 200 KB of two-byte characters
    // Sent eight at a time, as a burst would arrive.
    const total = UNREAD_KEPT_PER_DAY + 50;
    for (let sent = 0; sent < total; sent += 8)
      await Promise.all(
        Array.from({ length: Math.min(8, total - sent) }, () =>
          store({ rawBody: big, reason: "no-event", receivedAt: day }),
        ),
      );
    const kept = await t.db.unreadDelivery.findMany();
    // One statement decides; concurrent ones may each see room for the last place.
    expect(kept.length).toBeGreaterThanOrEqual(UNREAD_KEPT_PER_DAY);
    expect(kept.length).toBeLessThan(UNREAD_KEPT_PER_DAY + 8);
    for (const row of kept) {
      expect(Buffer.byteLength(row.raw, "utf8")).toBeLessThanOrEqual(UNREAD_KEPT_BYTES);
      expect(row.raw.startsWith('{"junk":"éé')).toBe(true);
      expect(row.bytes).toBe(Buffer.byteLength(big, "utf8"));
      expect(row.keys).toBe("junk, other");
    }
    const [drops] = await t.db.unreadDeliveryDrop.findMany();
    expect(drops.count + kept.length).toBe(total);
    expect(Number(drops.bytes)).toBe(drops.count * Buffer.byteLength(big, "utf8"));
    // A new day has room again.
    await store({ rawBody: "{}", reason: "no-event", receivedAt: new Date("2026-11-21T00:00:01Z") });
    expect(await t.db.unreadDelivery.count({ where: { receivedAt: { gte: new Date("2026-11-21") } } })).toBe(1);
  }, 60_000);

  it("removes kept bodies and counts older than the kept days, and nothing younger", async () => {
    const now = new Date("2026-11-21T12:00:00Z");
    const old = new Date(now.getTime() - (UNREAD_KEPT_DAYS + 1) * 86_400_000);
    await createUnreadStore(sql)({ rawBody: '{"a":1}', reason: "no-event", receivedAt: old });
    await t.db.unreadDeliveryDrop.create({ data: { day: old, count: 3, bytes: 30 } });
    const before = await t.db.unreadDelivery.count();
    expect(await pruneUnreadDeliveries(t.db, now)).toBe(1);
    expect(await t.db.unreadDelivery.count()).toBe(before - 1);
    expect((await t.db.unreadDeliveryDrop.findMany()).map((d) => d.day.toISOString().slice(0, 10))).toEqual([
      "2026-11-20",
    ]);
  });

  it.each([
    { text: "abc", bytes: 10, kept: "abc" },
    { text: "aé", bytes: 2, kept: "a" }, // never half a character
    { text: "é€x", bytes: 5, kept: "é€" },
  ])("cuts $text to $bytes bytes of UTF-8 as $kept", ({ text, bytes, kept }) => {
    expect(utf8Prefix(text, bytes)).toBe(kept);
  });
});
