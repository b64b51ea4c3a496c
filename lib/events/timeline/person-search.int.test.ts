// A name finds a person's whole history, on a real migrated database: the patient's own events,
// and the orders, plans and lab results whose data holds only their id; a practitioner's name finds
// the events that point at them; names are the clinic's own (another clinic's "Patel" finds nothing
// here); the CSV export filters alike. And the database's list of the ids an event concerns
// (event_person_ids, indexed) is the one personIdsOf gives, for every documented example.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";
import { documentedWebhooks } from "@/lib/contract/documented-webhooks";
import { personIdsOf } from "@/lib/events/person-ids";
import { processEvents } from "@/lib/events/process";
import type { StorableEvent } from "@/lib/events/record";
import { storeEvents } from "@/lib/events/store";
import { timelineCsvStream } from "@/lib/events/timeline/export";
import { TimelineCursorSchema } from "@/lib/events/timeline/filters";
import { listTimeline } from "@/lib/events/timeline/list";
import { translatorFor } from "@/lib/i18n/translator";
import { savePlatformPeople } from "@/lib/people/directory";

const A = "clinic-search-a";
const B = "clinic-search-b";
const ev = (
  id: string,
  clinic: string,
  type: string,
  data: Record<string, unknown>,
  minute: number,
): StorableEvent => ({
  id,
  clinic_id: clinic,
  integration_id: null,
  type,
  created_at: new Date(Date.UTC(2026, 0, 10, 8, minute)).toISOString(),
  data,
});

let t: AppTestDatabase;
beforeAll(async () => {
  t = await createTestDatabase("person_search", { app: true });
  const events = [
    ev("p1", A, "patient.created", { patient: { id: "pat_p", first_name: "Priya", last_name: "Patel" } }, 1),
    // As documented: the order is the data itself, naming the patient and practitioners by id.
    ev(
      "o1",
      A,
      "order.placed",
      { id: "ord_1", order_number: "R100", patient_id: "pat_p", practitioner_ids: ["prac_1"] },
      2,
    ),
    ev("l1", A, "lab_order.updated", { lab_order: { id: "lab_1", patient_id: "pat_p", status: "results_ready" } }, 3),
    ev("t1", A, "treatment_plan.created", { treatment_plan: { id: "tp_1", patient: { id: "pat_p" } } }, 4),
    ev(
      "t2",
      A,
      "treatment_plan.updated",
      { treatment_plan: { id: "tp_2", patient_id: "pat_o", practitioner: { id: "prac_1" } } },
      5,
    ),
    ev("p2", A, "patient.created", { patient: { id: "pat_o", first_name: "Omar", last_name: "Reyes" } }, 6),
    ev("o2", A, "order.placed", { id: "ord_2", order_number: "R101", patient_id: "pat_o" }, 7),
    // Clinic A points at pat_q, a patient only clinic B has a name for.
    ev("o3", A, "order.placed", { id: "ord_3", order_number: "R102", patient_id: "pat_q" }, 8),
    ev("q1", B, "patient.created", { patient: { id: "pat_q", first_name: "Quinn", last_name: "Patel" } }, 9),
    ev("q2", B, "order.placed", { id: "ord_4", order_number: "R103", patient_id: "pat_q" }, 10),
  ];
  await storeEvents(t.db, events, "webhook");
  await processEvents(
    t.db,
    events.map((e) => e.id),
  );
  await savePlatformPeople(t.db, A, [
    { platformUserId: "prac_1", type: "Practitioner", firstName: "Dev", lastName: "Ito", email: null, role: null },
  ]);
});
afterAll(async () => t?.drop());

const found = async (clinic: string, q: string) =>
  (await listTimeline(t.db, clinic, "UTC", { q, sort: "oldest" })).events.map((e) => e.id);

describe("a name finds every event about the person", () => {
  it.each([
    ["a patient's surname: her own events and those holding her id", A, "Patel", ["p1", "o1", "l1", "t1"]],
    ["her full name, which no event's data holds as one string", A, "priya patel", ["p1", "o1", "l1", "t1"]],
    ["a practitioner's name: the events pointing at them", A, "Dev Ito", ["o1", "t2"]],
    ["the other clinic's own patient of that name", B, "Patel", ["q1", "q2"]],
    ["a name nobody has", A, "Zed Quist", []],
    ["a word of the data still finds it", A, "R101", ["o2"]],
  ])("%s", async (_label, clinic, q, ids) => {
    expect(await found(clinic, q)).toEqual(ids);
  });

  it.each(["newest", "oldest"] as const)(
    "pages through a name's events by cursor, %s first, each once",
    async (sort) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await listTimeline(
          t.db,
          A,
          "UTC",
          { q: "Patel", sort },
          cursor ? TimelineCursorSchema.parse(cursor) : undefined,
          1,
        );
        seen.push(...page.events.map((e) => e.id));
        cursor = page.nextCursor;
      } while (cursor);
      const ids = ["p1", "o1", "l1", "t1"];
      expect(seen).toEqual(sort === "oldest" ? ids : ids.reverse());
    },
  );

  it("the export uses the same filter", async () => {
    const csv = await new Response(timelineCsvStream(t.db, A, "UTC", { q: "Patel" }, translatorFor("en"))).text();
    const lines = csv.trim().split("\n").slice(1);
    expect(lines).toHaveLength(4);
    for (const id of ["p1", "o1", "l1", "t1"]) expect(csv).toContain(id);
  });
});

describe("event_person_ids in SQL is personIdsOf", () => {
  const examples = documentedWebhooks({ clinicId: A, practitionerId: "prac_1", practitionerName: "Dev Ito", tag: "T" });
  const older = [
    { order: { id: "o", patient_id: "pat_1", total_cents: 1 } },
    { treatment_plan: { id: "tp", patient_id: "pat_1", practitioner_id: "prac_1" } },
    { lab_order: { id: "l", patient_id: "pat_1", practitioner_id: "prac_2" } },
    { patient_id: "", practitioner_ids: ["", "prac_3"] },
    // Up to the fourth practitioner of an order: the SQL reads a fixed list of paths.
    { patient_id: "pat_1", practitioner_ids: ["p1", "p2", "p3", "p4", "p5"] },
    {},
  ];
  it.each([
    ...examples.map((e) => [e.name, e.body.event.data] as const),
    ...older.map((d) => [JSON.stringify(d), d] as const),
  ])("%s", async (_name, data) => {
    const [row] = await t.db.$queryRaw<Array<{ ids: Array<string | null> }>>`
      SELECT event_person_ids(${JSON.stringify(data)}::jsonb) AS ids`;
    // NULL for each path the data lacks, "" where it holds an empty id: neither names anyone.
    const ids = [...new Set(row!.ids.filter((id): id is string => Boolean(id)))];
    expect(ids.sort()).toEqual(personIdsOf(data).sort());
  });
});
