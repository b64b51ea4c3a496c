// Names from the clinic's events and directory, on a real migrated database: processing keeps the
// newest patient name an event carried (never an older one over it), a practitioner's name from an
// event yields to the platform's list, and the timeline's summaries name the patient an order
// points at by id alone, each clinic with its own names.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";
import { processEvents } from "@/lib/events/process";
import type { StorableEvent } from "@/lib/events/record";
import { storeEvents } from "@/lib/events/store";
import { listTimeline, getTimelineEvent } from "@/lib/events/timeline/list";
import { formatSummary } from "@/lib/events/summary-messages";
import { translatorFor } from "@/lib/i18n/translator";
import { savePlatformPeople } from "@/lib/people/directory";

const A = "clinic-names-a";
const B = "clinic-names-b";
const ev = (id: string, clinic: string, type: string, at: string, data: Record<string, unknown>): StorableEvent => ({
  id,
  clinic_id: clinic,
  integration_id: null,
  type,
  created_at: at,
  data,
});
const patient = (first: string, last: string) => ({ id: "pat_1", first_name: first, last_name: last });

let t: AppTestDatabase;
beforeAll(async () => {
  t = await createTestDatabase("people_names", { app: true });
  const events = [
    ev("n1", A, "patient.created", "2026-01-10T08:00:00.000Z", { patient: patient("Zed", "Quist") }),
    ev("n2", A, "patient.updated", "2026-01-12T08:00:00.000Z", { patient: patient("Zed", "Quist-Moreau") }),
    ev("n3", A, "order.placed", "2026-01-13T08:00:00.000Z", {
      order: { id: "o1", patient_id: "pat_1", total_cents: 4500 },
    }),
    ev("n4", A, "treatment_plan.created", "2026-01-13T09:00:00.000Z", {
      treatment_plan: { id: "tp1", patient_id: "pat_1", recommendations: [] },
      practitioner: { id: "prac_1", first_name: "Dev", last_name: "Ito" },
    }),
    ev("m1", B, "order.placed", "2026-01-13T08:00:00.000Z", {
      order: { id: "o2", patient_id: "pat_1", total_cents: 100 },
    }),
  ];
  await storeEvents(t.db, events, "webhook", new Date("2026-01-14T00:00:00.000Z"));
  // The newer name first, then the older one arrives late (reconciliation): the newer stays.
  await processEvents(t.db, ["n2", "n3", "n4", "m1"]);
  await processEvents(t.db, ["n1"]);
});
afterAll(async () => t?.drop());

describe("names from events", () => {
  it("keeps the newest patient name and names the order's patient in the timeline, per clinic", async () => {
    expect(await t.db.patientName.findMany({ select: { clinicId: true, name: true } })).toEqual([
      { clinicId: A, name: "Zed Quist-Moreau" },
    ]);
    const page = await listTimeline(t.db, A, "UTC", {});
    const order = page.events.find((e) => e.id === "n3");
    expect(order && formatSummary(order.summary, translatorFor("en"))).toBe(
      "Order placed by Zed Quist-Moreau — $45.00",
    );
    const other = (await listTimeline(t.db, B, "UTC", {})).events.find((e) => e.id === "m1");
    expect(other && formatSummary(other.summary, translatorFor("en"))).toBe("Order placed by a patient — $1.00");
    expect((await getTimelineEvent(t.db, A, "n3"))?.names).toEqual({ pat_1: "Zed Quist-Moreau" });
  });

  it("takes a practitioner's name from an event until the platform's list names them", async () => {
    const person = () =>
      t.db.person.findUniqueOrThrow({ where: { clinicId_platformUserId: { clinicId: A, platformUserId: "prac_1" } } });
    expect(await person()).toMatchObject({ displayName: "Dev Ito", source: "event" });
    await savePlatformPeople(t.db, A, [
      { platformUserId: "prac_1", type: "Practitioner", firstName: "Devi", lastName: "Ito", email: null, role: null },
    ]);
    expect(await person()).toMatchObject({ displayName: "Devi Ito", source: "platform", listed: true });
    await savePlatformPeople(t.db, A, []);
    expect(await person()).toMatchObject({ displayName: "Devi Ito", listed: false });
  });
});
