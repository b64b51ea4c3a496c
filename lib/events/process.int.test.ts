// Processing against PostgreSQL when something is odd: groups of events (a fetch of jobs, the sweep)
// go in one transaction, and when that fails, group by group, so one odd group does not hold back
// the others' events; and an event whose data names a person by an id no index could hold is still
// processed.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processEventGroups } from "@/lib/events/process";
import { storeEvents } from "@/lib/events/store";
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
});
