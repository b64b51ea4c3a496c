// Group commit of webhook deliveries against PostgreSQL: deliveries that arrive while a write is in
// flight go together in one statement, each still answered with its own outcome, and a group whose
// statement fails is stored again one by one, so a bad delivery answers only for itself.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sql } from "@/lib/db/pool";
import type { Delivery } from "@/lib/events/store";
import { createDeliveryStore } from "@/lib/webhooks/delivery-store";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";

const RECEIVED = new Date("2026-03-02T10:00:00.000Z");

function delivery(id: string, clinicId = "clinic-a", rawBody = `{"event":{"id":"${id}"}}`): Delivery {
  return {
    event: {
      id,
      clinic_id: clinicId,
      integration_id: null,
      type: "patient.created",
      created_at: "2026-03-02T09:59:00.000Z",
      data: { patient: { id: `pat_${id}`, first_name: "Ada" } },
    },
    receivedAt: RECEIVED,
    rawBody,
  };
}

describe("storing webhook deliveries in groups", () => {
  let t: AppTestDatabase;
  let statements = 0;
  /** The test database's pool, counting the statements sent through it. */
  let counted: Sql;

  beforeAll(async () => {
    t = await createTestDatabase("delivery_store", { app: true });
    counted = {
      query: ((...args: Parameters<Sql["query"]>) => {
        statements += 1;
        return t.pool.query(...args);
      }) as Sql["query"],
    };
  });
  afterAll(async () => t?.drop());

  it("writes the deliveries that waited in one statement, each with its own answer", async () => {
    await createDeliveryStore(t.pool)(delivery("evt_before", "clinic-b"));
    const store = createDeliveryStore(counted, { maxInFlight: 1 });
    statements = 0;
    const sent = [
      delivery("evt_g1"), // goes alone: the write is free
      delivery("evt_g2"),
      delivery("evt_g3"),
      delivery("evt_g2"), // the same event twice in one group
      delivery("evt_before"), // stored before, under another clinic
    ];
    const answers = await Promise.all(sent.map(store));

    expect(statements).toBe(2);
    expect(answers.map((a) => [a.inserted, a.otherClinic])).toEqual([
      [true, false],
      [true, false],
      [true, false],
      [false, false],
      [false, true],
    ]);
    const receipts = await t.db.webhookReceipt.findMany({
      where: { eventId: { in: ["evt_g1", "evt_g2", "evt_g3", "evt_before"] } },
      select: { eventId: true, clinicId: true, duplicate: true },
    });
    const sorted = receipts.map((r) => `${r.eventId} ${r.clinicId} ${r.duplicate}`).sort();
    expect(sorted).toEqual([
      "evt_before clinic-b false",
      "evt_before clinic-b true",
      "evt_g1 clinic-a false",
      "evt_g2 clinic-a false",
      "evt_g2 clinic-a true",
      "evt_g3 clinic-a false",
    ]);
    const waiting = await t.db.eventBacklog.findMany({
      where: { eventId: { in: ["evt_g1", "evt_g2", "evt_g3"] } },
      select: { eventId: true },
    });
    expect(waiting.map((w) => w.eventId).sort()).toEqual(["evt_g1", "evt_g2", "evt_g3"]);
    const stored = await t.db.event.findMany({
      where: { id: { in: ["evt_g1", "evt_g2", "evt_g3"] } },
      select: { id: true, source: true, raw: true, receivedAt: true },
      orderBy: { id: "asc" },
    });
    expect(stored.map((e) => [e.id, e.source, e.raw, e.receivedAt.toISOString()])).toEqual(
      ["evt_g1", "evt_g2", "evt_g3"].map((id) => [id, "webhook", `{"event":{"id":"${id}"}}`, RECEIVED.toISOString()]),
    );
  });

  it("stores a failed group one by one: the delivery the database refuses fails alone", async () => {
    const store = createDeliveryStore(counted, { maxInFlight: 1 });
    statements = 0;
    const sent = [
      delivery("evt_f1"),
      delivery("evt_f2"),
      delivery("evt_bad", "clinic-a", "a raw body with a NUL \u0000 that text cannot hold"),
      delivery("evt_f3"),
    ];
    const answers = await Promise.allSettled(sent.map(store));

    expect(answers.map((a) => a.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    // evt_f1 alone; the group of three, refused; then each of the three alone (evt_bad twice: as
    // sent, then with its data set aside, which does not help a raw body the column refuses).
    expect(statements).toBe(1 + 1 + 4);
    const stored = await t.db.event.findMany({
      where: { id: { in: ["evt_f1", "evt_f2", "evt_bad", "evt_f3"] } },
      select: { id: true },
    });
    expect(stored.map((e) => e.id).sort()).toEqual(["evt_f1", "evt_f2", "evt_f3"]);
  });

  it("keeps a quiet stream one delivery a statement", async () => {
    const store = createDeliveryStore(counted, { maxInFlight: 1 });
    statements = 0;
    for (const id of ["evt_q1", "evt_q2", "evt_q3"]) expect((await store(delivery(id))).inserted).toBe(true);
    expect(statements).toBe(3);
  });
});
