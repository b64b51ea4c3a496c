// The drift report against PostgreSQL: processing events records their unknown and missing fields
// with counts and first and last seen, and a second occurrence adds to them; the platform's answers
// are added up in memory and merged in one write; a source keeps at most MAX_PATHS_PER_SOURCE paths,
// those seen most, and a path not seen for DRIFT_KEPT_DAYS leaves.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { processEventGroups } from "@/lib/events/process";
import { storeEvents } from "@/lib/events/store";
import { endpointName, flushEndpointDrift, observePlatformBody } from "@/lib/drift/endpoints";
import { driftRows, DRIFT_KEPT_DAYS, MAX_PATHS_PER_SOURCE, writeDrift } from "@/lib/drift/store";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";

const CLINIC = "clinic-drift";

/** An order with a field nobody documented and without its documented patient_id. */
const order = (id: string) => ({
  id,
  clinic_id: CLINIC,
  integration_id: null,
  type: "order.placed" as const,
  created_at: "2026-05-04T15:00:00.000Z",
  data: { id: `ord_${id}`, order_number: "R000000001", gift_message: "Happy birthday Ada", line_items: [] },
});

/** A list answer's schema (ours, so the test does not hang on one endpoint's fields). */
const PatientList = z.object({
  patients: z.array(z.looseObject({ id: z.string(), first_name: z.string().nullish() })),
  meta: z.looseObject({ total: z.number() }),
});

describe("the drift report", () => {
  let t: AppTestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase("drift", { app: true });
  });
  afterAll(async () => t?.drop());

  const rowsOf = async (source: string) => (await driftRows(t.db)).filter((r) => r.source === source);

  it("records an event's unknown and missing fields when it is processed, and counts the next one", async () => {
    const before = new Date();
    await storeEvents(t.db, [order("evt_d1")], "webhook");
    await processEventGroups(t.db, [["evt_d1"]]);
    const first = await rowsOf("order.placed");
    expect(first.map(({ sourceKind, path, kind, count }) => ({ sourceKind, path, kind, count }))).toEqual([
      { sourceKind: "event", path: "data.gift_message", kind: "unknown", count: 1 },
      { sourceKind: "event", path: "data.patient_id", kind: "missing", count: 1 },
    ]);
    for (const row of first) {
      expect(row.firstSeen.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1);
      expect(row.lastSeen).toEqual(row.firstSeen);
    }
    // Only the path: no value of the event is stored.
    const stored = await t.db.platformDrift.findMany({ select: { source: true, path: true } });
    expect(JSON.stringify(stored)).not.toContain("Happy birthday");

    await new Promise((resolve) => setTimeout(resolve, 20));
    await storeEvents(t.db, [order("evt_d2"), order("evt_d3")], "reconciliation");
    await processEventGroups(t.db, [["evt_d2", "evt_d3"]]);
    // Processing again (a retry) claims nothing and counts nothing.
    await processEventGroups(t.db, [["evt_d2", "evt_d3"]]);
    const second = await rowsOf("order.placed");
    expect(second.map((r) => r.count)).toEqual([3, 3]);
    for (const [i, row] of second.entries()) {
      expect(row.firstSeen).toEqual(first[i]!.firstSeen);
      expect(row.lastSeen.getTime()).toBeGreaterThan(first[i]!.lastSeen.getTime());
    }
  });

  it("says nothing of an event that matches, or of a type nobody documented", async () => {
    await storeEvents(
      t.db,
      [
        { ...order("evt_ok"), data: { id: "ord_ok", patient_id: "pat_1" } },
        { ...order("evt_key"), type: "clinic_key.activated" as const, data: { whatever: 1 } },
      ],
      "webhook",
    );
    await processEventGroups(t.db, [["evt_ok", "evt_key"]]);
    expect((await rowsOf("order.placed")).map((r) => r.count)).toEqual([3, 3]);
    expect(await rowsOf("clinic_key.activated")).toEqual([]);
  });

  it("adds up the platform's answers in memory and writes them in one merge", async () => {
    const path = "/api/clinic/patients";
    const body = {
      patients: [
        { id: "p1", first_name: "A", loyalty_tier: "gold" },
        { id: "p2", loyalty_tier: "silver" },
      ],
      meta: { total: 2 },
      links: {},
    };
    observePlatformBody({ method: "GET", path, schema: PatientList }, body);
    observePlatformBody({ method: "GET", path, schema: PatientList }, body);
    expect(await rowsOf("GET /api/clinic/patients")).toEqual([]);
    await flushEndpointDrift(t.db);
    const rows = await rowsOf("GET /api/clinic/patients");
    expect(rows.filter((r) => r.kind === "unknown").map((r) => [r.path, r.count])).toEqual([
      ["links", 2],
      ["patients[].loyalty_tier", 2],
    ]);
    expect(rows.every((r) => r.sourceKind === "endpoint")).toBe(true);
  });

  it("names an endpoint without its ids", () => {
    expect(endpointName("GET", "/api/clinic/practitioners/pr_1/resources/res%2F9")).toBe(
      "GET /api/clinic/practitioners/{id}/resources/{id}",
    );
    expect(endpointName("GET", "/api/events/patients")).toBe("GET /api/events/patients");
    expect(endpointName("GET", "/api/events/0b5e2c1e-77aa-4b0e-9d8e-1c2d3e4f5a6b")).toBe("GET /api/events/{id}");
    expect(endpointName("POST", "/api/oauth/token")).toBe("POST /api/oauth/token");
  });

  it("keeps at most MAX_PATHS_PER_SOURCE paths per source, and still counts the ones it has", async () => {
    const at = new Date();
    const counts = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        sourceKind: "endpoint" as const,
        source: "GET /hostile",
        path: `k${String(from + i).padStart(4, "0")}`,
        kind: "unknown" as const,
        count: 1,
        firstSeen: at,
        lastSeen: at,
      }));
    await writeDrift(t.db, counts(0, 150));
    await writeDrift(t.db, counts(100, 150));
    const rows = await rowsOf("GET /hostile");
    expect(rows).toHaveLength(MAX_PATHS_PER_SOURCE);
    expect(rows.find((r) => r.path === "k0120")?.count).toBe(2);
  });

  it("a path that recurs outlives junk sent first, and a path not seen for the kept days leaves", async () => {
    const line = (path: string, at: Date, count = 1) => ({
      sourceKind: "event" as const,
      source: "product.recurring_test",
      path,
      kind: "unknown" as const,
      count,
      firstSeen: at,
      lastSeen: at,
    });
    const day = (n: number) => new Date(Date.UTC(2026, 10, 1 + n, 12));
    // The source is filled first with junk, each path seen once.
    await writeDrift(
      t.db,
      Array.from({ length: MAX_PATHS_PER_SOURCE }, (_, i) => line(`junk${i}`, day(0))),
      day(0),
    );
    // The real change arrives later, in every flush after, beside more junk.
    for (let n = 1; n <= 3; n++)
      await writeDrift(t.db, [line("data.gift_note", day(n)), line(`junk_late${n}`, day(n))], day(n));
    let rows = await rowsOf("product.recurring_test");
    expect(rows).toHaveLength(MAX_PATHS_PER_SOURCE);
    expect(rows.find((r) => r.path === "data.gift_note")?.count).toBe(3);
    // A month later the junk, never seen again, is gone; the path still seen stays.
    const later = day(4 + DRIFT_KEPT_DAYS);
    await writeDrift(t.db, [line("data.gift_note", later)], later);
    rows = await rowsOf("product.recurring_test");
    expect(rows.map((r) => [r.path, r.count])).toEqual([["data.gift_note", 4]]);
  });
});
