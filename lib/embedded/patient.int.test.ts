// The patient an embedded feature opens on, from a real migrated database: the newest patient event
// of the caller's clinic gives the details (only those it holds, a date only in the platform's form),
// an event naming them from another record gives nothing, and another clinic's events never count.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";
import type { StorableEvent } from "@/lib/events/record";
import { storeEvents } from "@/lib/events/store";
import { embedPatient } from "@/lib/embedded/patient";

const A = "clinic-embed-a";
const B = "clinic-embed-b";
const ev = (id: string, clinic: string, type: string, day: number, data: Record<string, unknown>): StorableEvent => ({
  id,
  clinic_id: clinic,
  integration_id: null,
  type,
  created_at: `2026-03-${String(day).padStart(2, "0")}T10:00:00.000Z`,
  data,
});

let t: AppTestDatabase;
beforeAll(async () => {
  t = await createTestDatabase("embed_patient", { app: true });
  await storeEvents(
    t.db,
    [
      ev("e1", A, "patient.created", 1, {
        patient: {
          id: "pat_1",
          first_name: "Ada",
          last_name: "Byron",
          email: "ada@example.com",
          date_of_birth: "1815-12-10",
        },
      }),
      ev("e2", A, "patient.updated", 2, {
        patient: { id: "pat_1", first_name: " Ada ", last_name: "Lovelace", email: null, date_of_birth: "10/12/1815" },
      }),
      ev("e3", A, "order.placed", 3, { order: { id: "o1", patient_id: "pat_1" } }),
      ev("e4", A, "order.placed", 3, { order: { id: "o2", patient_id: "pat_2" } }),
      ev("e5", B, "patient.updated", 4, { patient: { id: "pat_3", first_name: "Other", last_name: "Clinic" } }),
    ],
    "webhook",
    new Date("2026-03-05T00:00:00.000Z"),
  );
});
afterAll(async () => t?.drop());

describe("embedPatient", () => {
  const cases: Array<[string, string, string, Record<string, string>]> = [
    [
      "the newest patient event's details, only those it holds in the platform's form",
      A,
      "pat_1",
      { id: "pat_1", firstName: "Ada", lastName: "Lovelace" },
    ],
    ["a patient only an order names: their id alone", A, "pat_2", { id: "pat_2" }],
    ["a patient no event names: their id alone", A, "pat_9", { id: "pat_9" }],
    ["another clinic's patient: their id alone", A, "pat_3", { id: "pat_3" }],
    ["the same patient seen from their clinic", B, "pat_3", { id: "pat_3", firstName: "Other", lastName: "Clinic" }],
  ];
  it.each(cases)("%s", async (_name, clinic, patientId, expected) => {
    expect(await embedPatient(t.db, clinic, patientId)).toEqual(expected);
  });
});
