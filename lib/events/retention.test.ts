// Retention: configurable, never at or under the platform's 30 days (reconciliation would fetch the
// deleted events again), and applied to events, chart counts, webhook receipts and reconciliation
// runs at the same UTC-day boundary.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";
import { processClinicBacklog, processEvents, unprocessedEventIds } from "@/lib/events/process";
import { parseConfig } from "@/lib/config";
import { applyRetention } from "@/lib/events/retention";
import { storeEvents } from "@/lib/events/store";

describe("EVENT_RETENTION_DAYS (lib/config)", () => {
  const rows: Array<[string | undefined, number | "error"]> = [
    [undefined, 730],
    ["", 730],
    ["0", 0],
    ["400", 400],
    ["32", 32],
    ["31", "error"],
    ["30", "error"],
    ["-1", "error"],
    ["1.5", "error"],
    ["forever", "error"],
  ];
  it.each(rows)("EVENT_RETENTION_DAYS=%s → %s", (value, expected) => {
    const read = () => parseConfig({ EVENT_RETENTION_DAYS: value }).eventRetentionDays;
    if (expected === "error") expect(read).toThrow(/EVENT_RETENTION_DAYS/);
    else expect(read()).toBe(expected);
  });
});

describe("applyRetention and the sweep", () => {
  let t: AppTestDatabase;
  const now = new Date("2026-06-30T15:00:00Z");
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString();
  beforeAll(async () => {
    t = await createTestDatabase("retention", { app: true });
    await storeEvents(
      t.db,
      [
        { id: "old", clinic_id: "c", type: "order.placed", created_at: at(100), data: {} },
        { id: "edge", clinic_id: "c", type: "order.placed", created_at: at(89.5), data: {} },
        { id: "new", clinic_id: "c", type: "order.placed", created_at: at(1), data: {} },
      ],
      "webhook",
      new Date(now.getTime() - 120_000),
    );
    await t.db.webhookReceipt.createMany({
      data: [
        { eventId: "old", clinicId: "c", receivedAt: at(100) },
        { eventId: "edge", clinicId: "c", receivedAt: at(89.5) },
        { eventId: "new", clinicId: "c", receivedAt: at(1) },
      ],
    });
    await t.db.reconciliationRun.createMany({
      data: [
        {
          id: "00000000-0000-4000-8000-000000000001",
          clinicId: "c",
          trigger: "schedule",
          status: "succeeded",
          requestedAt: at(100),
        },
        {
          id: "00000000-0000-4000-8000-000000000002",
          clinicId: "c",
          trigger: "schedule",
          status: "failed",
          requestedAt: at(89.5),
        },
        {
          id: "00000000-0000-4000-8000-000000000003",
          clinicId: "c",
          trigger: "manual",
          status: "running",
          requestedAt: at(0),
        },
      ],
    });
  });
  afterAll(async () => t?.drop());

  it("the sweep finds events stored a while ago and never processed, and processing is once", async () => {
    expect((await unprocessedEventIds(t.db, 60_000)).sort()).toEqual(["edge", "new", "old"]);
    expect(await processEvents(t.db, ["old", "edge", "new"])).toBe(3);
    expect(await processEvents(t.db, ["old", "edge", "new"])).toBe(0);
    expect(await unprocessedEventIds(t.db, 0)).toEqual([]);
  });

  it("keeps everything with retention 0, deletes whole days older than the period otherwise", async () => {
    expect(await applyRetention(t.db, 0, now)).toBe(0);
    // 90 days before 2026-06-30T15:00 is 2026-04-01T15:00; the cut is at the start of that day.
    expect(await applyRetention(t.db, 90, now)).toBe(1);
    expect((await t.db.event.findMany({ select: { id: true } })).map((e) => e.id).sort()).toEqual(["edge", "new"]);
    const days = (await t.db.eventDailyCount.findMany({ select: { day: true } }))
      .map((d) => d.day.toISOString().slice(0, 10))
      .sort();
    // The clinic has no zone of its own (the default, America/Toronto): "edge", at 03:00 UTC on 2 April,
    // is 23:00 on 1 April there, the cut's day, and is kept with that day's count.
    expect(at(89.5)).toBe("2026-04-02T03:00:00.000Z");
    expect(days).toEqual(["2026-04-01", at(1).slice(0, 10)]);
  });

  it("prunes webhook receipts and reconciliation runs at the same boundary", async () => {
    const receipts = await t.db.webhookReceipt.findMany({ select: { eventId: true } });
    expect(receipts.map((r) => r.eventId).sort()).toEqual(["edge", "new"]);
    const runs = await t.db.reconciliationRun.findMany({ select: { id: true } });
    expect(runs.map((r) => r.id.slice(-1)).sort()).toEqual(["2", "3"]);
  });
});

describe("processClinicBacklog (a dead process's events)", () => {
  let t: AppTestDatabase;
  afterAll(async () => t?.drop());

  it("processes every unprocessed event of the clinic, just stored or not, in batches, and the news under no clinic, and no other clinic's", async () => {
    t = await createTestDatabase("backlog", { app: true });
    const event = (id: string, clinic_id: string) => ({
      id,
      clinic_id,
      type: "order.placed",
      created_at: "2026-06-30T15:00:00Z",
      data: {},
    });
    const mine = Array.from({ length: 7 }, (_, i) => event(`mine-${i}`, "c"));
    // Catalog news names no clinic; a clinic's run stores it too, and a dead run may have left it.
    const news = { id: "news", type: "product.created", created_at: "2026-06-30T15:00:00Z", data: {} };
    await storeEvents(t.db, [...mine, event("theirs", "d"), news], "reconciliation");
    await processEvents(t.db, ["mine-0"]);
    expect(await processClinicBacklog(t.db, "c", 3)).toBe(7);
    expect(await unprocessedEventIds(t.db, 0)).toEqual(["theirs"]);
    expect(await processClinicBacklog(t.db, "c", 3)).toBe(0);
    const counted = await t.db.eventDailyCount.aggregate({ where: { clinicId: "c" }, _sum: { count: true } });
    expect(counted._sum.count).toBe(7);
  });
});
