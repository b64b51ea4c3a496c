// The event store keeps every event of a batch when one is odd (reconciliation stores a page at a
// time): data the database cannot keep as sent is replaced and marked, its siblings stored as sent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";
import type { StorableEvent } from "@/lib/events/record";
import { storeEvents } from "@/lib/events/store";

const ev = (id: string, data: Record<string, unknown>): StorableEvent => ({
  id,
  clinic_id: "clinic-a",
  integration_id: null,
  type: "patient.updated",
  created_at: "2026-01-10T08:00:00.000Z",
  data,
});

function deep(levels: number): Record<string, unknown> {
  let data: Record<string, unknown> = { bottom: true };
  for (let i = 0; i < levels; i++) data = { d: data };
  return data;
}

describe("storing a page of events with odd ones among them", () => {
  let t: AppTestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase("store", { app: true });
  });
  afterAll(async () => t?.drop());

  it("stores every event, the odd ones marked with what arrived kept", async () => {
    const page = [
      ev("r1", { patient: { id: "p1" } }),
      ev("r2", { patient: { name: "A\u0000B" } }),
      ev("r3", deep(20_000)),
      ev("r4", { note: "\udc00 alone" }),
      ev("r5", { patient: { id: "p5" } }),
    ];
    expect((await storeEvents(t.db, page, "reconciliation")).sort()).toEqual(["r1", "r2", "r3", "r4", "r5"]);
    const rows = await t.db.event.findMany({
      orderBy: { id: "asc" },
      select: { id: true, data: true, dataIssue: true, raw: true },
    });
    expect(rows.map((r) => [r.id, r.dataIssue])).toEqual([
      ["r1", null],
      ["r2", "control-character"],
      ["r3", "too-deep"],
      ["r4", "control-character"],
      ["r5", null],
    ]);
    expect(rows[1].data).toEqual({ patient: { name: "A\ufffdB" } });
    expect(JSON.parse(rows[1].raw ?? "{}")).toMatchObject({ id: "r2", data: { patient: { name: "A\u0000B" } } });
    expect(rows[2].data).toEqual({});
    expect(rows[0].raw).toBeNull();
    // Storing the page again (the next run's overlap) inserts nothing.
    expect(await storeEvents(t.db, page, "reconciliation")).toEqual([]);
  });
});
