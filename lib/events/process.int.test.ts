// Processing against PostgreSQL when something is odd: groups of events (a fetch of jobs, the sweep)
// go in one transaction, and when that fails, group by group, so one odd group does not hold back
// the others' events; and an event whose data names a person by an id no index could hold is still
// processed. Catalog news that names no clinic is filed once under every clinic connected here, each
// copy slim, and a lab order teaches the patient's name.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COPY_MAX_BYTES } from "@/lib/events/catalog";
import { processEventGroups } from "@/lib/events/process";
import { storeEvents } from "@/lib/events/store";
import { getTimelineEvent, listTimeline } from "@/lib/events/timeline/list";
import { TimelineFiltersSchema } from "@/lib/events/timeline/filters";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";

const CLINIC = "clinic-processing";

const event = (id: string, patientId = `pat_${id}`) => ({
  id,
  clinic_id: CLINIC,
  integration_id: null,
  type: "patient.created" as const,
  created_at: "2026-05-04T15:00:00.000Z",
  data: { patient: { id: patientId, first_name: "Ada", last_name: "Lovelace" } },
});

describe("processing odd events", () => {
  let t: AppTestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase("processing", { app: true });
  });
  afterAll(async () => t?.drop());

  const waiting = async () => (await t.db.eventBacklog.findMany({ select: { eventId: true } })).map((w) => w.eventId);
  const counted = async () =>
    (await t.db.eventDailyCount.aggregate({ _sum: { count: true }, where: { clinicId: CLINIC } }))._sum.count ?? 0;

  it("processes every group in one go", async () => {
    await storeEvents(t.db, [event("evt_b1"), event("evt_b2"), event("evt_b3")], "webhook");
    expect(await processEventGroups(t.db, [["evt_b1"], ["evt_b2", "evt_b3"]])).toBe(3);
    expect(await waiting()).toEqual([]);
    expect(await counted()).toBe(3);
  });

  it("when the whole fails, processes the other groups and fails with the odd one's reason", async () => {
    await storeEvents(t.db, [event("evt_o1"), event("evt_o2")], "webhook");
    // A group the database refuses (an id with a NUL, which no text column holds).
    const groups = [["evt_o1"], ["evt_\u0000odd"], ["evt_o2"]];
    await expect(processEventGroups(t.db, groups)).rejects.toThrow();
    expect(await waiting()).toEqual([]);
    expect(await counted()).toBe(5);
    // The queue tries again: nothing is counted twice.
    await expect(processEventGroups(t.db, groups)).rejects.toThrow();
    expect(await counted()).toBe(5);
  });

  it("processes an event naming a patient by an id too long to index, and keeps no name for it", async () => {
    const longId = `pat_${randomBytes(4000).toString("base64")}`; // random: no compression shrinks it
    await storeEvents(t.db, [event("evt_long", longId), event("evt_short")], "webhook");
    expect(await processEventGroups(t.db, [["evt_long", "evt_short"]])).toBe(2);
    expect(await waiting()).toEqual([]);
    const names = await t.db.patientName.findMany({ where: { clinicId: CLINIC }, select: { patientId: true } });
    expect(names.map((n) => n.patientId)).toContain("pat_evt_short");
    expect(names.map((n) => n.patientId)).not.toContain(longId);
  });

  /** A clinic with one connection in `state`, or none. */
  async function clinicWith(id: string, state: "connected" | "broken" | "revoked" | null) {
    await t.db.clinic.create({ data: { id, name: id } });
    if (state)
      await t.db.platformConnection.create({
        data: {
          clinicId: id,
          platformUserId: `prac_${id}`,
          platformUserType: "Practitioner",
          accessTokenEnc: "sealed",
          refreshTokenEnc: "sealed",
          expiresAt: new Date(Date.now() + 3_600_000),
          state,
        },
      });
  }

  it("files a product event that names no clinic under every clinic connected here, once, and counts each copy", async () => {
    await clinicWith("clinic-news-a", "connected");
    await clinicWith("clinic-news-b", "broken"); // a sign-in away from connected: its news waits for it
    await clinicWith("clinic-news-revoked", "revoked");
    await clinicWith("clinic-news-never", null);
    const product = {
      id: "evt_catalog",
      type: "product.created",
      created_at: "2026-05-04T15:00:00.000Z",
      data: { name: "Calm Magnesium", brand: { id: "b1", name: "Northfield", prefix: "NF" } },
    };
    expect(await storeEvents(t.db, [product], "webhook")).toEqual(["evt_catalog"]);
    expect(await processEventGroups(t.db, [["evt_catalog"]])).toBe(1);
    // Redelivered, reprocessed: nothing twice.
    expect(await storeEvents(t.db, [product], "webhook")).toEqual([]);
    expect(await processEventGroups(t.db, [["evt_catalog"]])).toBe(0);
    const copies = await t.db.event.findMany({ where: { id: { startsWith: "evt_catalog~" } }, orderBy: { id: "asc" } });
    expect(copies.map((c) => [c.id, c.clinicId, c.category])).toEqual([
      ["evt_catalog~clinic-news-a", "clinic-news-a", "products"],
      ["evt_catalog~clinic-news-b", "clinic-news-b", "products"],
    ]);
    // A small product's copy is the product as sent.
    expect(copies[0]!.data).toEqual(product.data);
    const counts = await t.db.eventDailyCount.findMany({
      where: { type: "product.created" },
      orderBy: { clinicId: "asc" },
    });
    expect(counts.map((c) => [c.clinicId, c.count])).toEqual([
      ["clinic-news-a", 1],
      ["clinic-news-b", 1],
    ]);
  });

  it("a clinic's copy of a large product is slim, found by name and SKU, and the drawer shows the original whole", async () => {
    const description = "<p>Magnesium for sleep.</p>".repeat(8_000); // about 200 KB
    const product = {
      id: "evt_catalog_large",
      type: "product.created",
      created_at: "2026-05-04T16:00:00.000Z",
      data: {
        name: "Deep Rest Glycinate",
        description_html: description,
        brand: { id: "b2", name: "Quiet Harbor", prefix: "QH" },
        variants: Array.from({ length: 40 }, (_, i) => ({ id: `v${i}`, sku: `QHDR${100 + i}`, msrp: "19.99" })),
      },
    };
    expect(await storeEvents(t.db, [product], "webhook")).toEqual(["evt_catalog_large"]);
    expect(await processEventGroups(t.db, [["evt_catalog_large"]])).toBe(1);
    const copy = await t.db.event.findUniqueOrThrow({ where: { id: "evt_catalog_large~clinic-news-a" } });
    expect(JSON.stringify(copy.data).length).toBeLessThanOrEqual(COPY_MAX_BYTES);
    expect(copy.data).toMatchObject({ name: "Deep Rest Glycinate", brand: { name: "Quiet Harbor" } });
    expect(JSON.stringify(copy.data)).toContain("QHDR100");
    expect(JSON.stringify(copy.data)).not.toContain("Magnesium for sleep");
    const filters = TimelineFiltersSchema.parse({ q: "QHDR100" });
    const found = await listTimeline(t.db, "clinic-news-a", "UTC", filters);
    expect(found.events.map((e) => e.id)).toEqual(["evt_catalog_large~clinic-news-a"]);
    const detail = await getTimelineEvent(t.db, "clinic-news-a", "evt_catalog_large~clinic-news-a");
    expect(detail?.data).toEqual(product.data);
    // Another clinic's copy is not this clinic's to open.
    expect(await getTimelineEvent(t.db, "clinic-news-a", "evt_catalog_large~clinic-news-b")).toBeNull();
  });

  it("learns a patient's name from a lab order, which carries it", async () => {
    const lab = {
      id: "evt_lab_name",
      clinic_id: CLINIC,
      type: "lab_order.updated",
      created_at: "2026-05-04T15:00:00.000Z",
      data: {
        lab_order: {
          id: "lo1",
          patient_id: "pat_lab",
          first_name: "Noor",
          last_name: "Haddad",
          status: "results_ready",
        },
      },
    };
    await storeEvents(t.db, [lab], "webhook");
    await processEventGroups(t.db, [["evt_lab_name"]]);
    expect(
      await t.db.patientName.findUnique({ where: { clinicId_patientId: { clinicId: CLINIC, patientId: "pat_lab" } } }),
    ).toMatchObject({
      name: "Noor Haddad",
    });
  });

  it("two processings at once over the same counters, met in opposite orders, both commit", async () => {
    // A job's batch and a recovery's pass can run together; each adds to many of the same per-day
    // counters and names the same people. Written in the order each met them, they would wait on each other (a deadlock).
    const CLINIC_BUSY = "clinic-processing-busy";
    const DAYS = 40;
    // Each day's events name that day's practitioner: the same people, met in opposite orders too.
    const on = (day: number, id: string) => ({
      ...event(id),
      clinic_id: CLINIC_BUSY,
      created_at: new Date(Date.UTC(2026, 3, 1 + day, 15)).toISOString(),
      data: { ...event(id).data, practitioner: { id: `prac_${day}`, first_name: "Day", last_name: String(day) } },
    });
    for (let round = 0; round < 5; round++) {
      const first = Array.from({ length: DAYS }, (_, d) => on(d, `evt_dl${round}_a${d}`));
      const second = Array.from({ length: DAYS }, (_, d) => on(DAYS - 1 - d, `evt_dl${round}_b${d}`));
      await storeEvents(t.db, [...first, ...second], "webhook");
      const both = await Promise.allSettled([
        processEventGroups(t.db, [first.map((e) => e.id)]),
        processEventGroups(t.db, [second.map((e) => e.id)]),
      ]);
      expect(both.map((r) => (r.status === "fulfilled" ? r.value : String(r.reason).slice(0, 200)))).toEqual([
        DAYS,
        DAYS,
      ]);
    }
    const total = await t.db.eventDailyCount.aggregate({ _sum: { count: true }, where: { clinicId: CLINIC_BUSY } });
    expect(total._sum.count).toBe(5 * 2 * DAYS);
    expect(await t.db.person.count({ where: { clinicId: CLINIC_BUSY } })).toBe(DAYS);
  });
});
