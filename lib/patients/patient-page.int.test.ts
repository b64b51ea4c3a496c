// The patient page's reads, against a real PostgreSQL: every event about the patient (their own, and
// those holding their id alone), newest first, their details from the newest patient event, nothing
// of another clinic's; and one audit entry per view, said in the reader's words, the chain whole.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/tooling/testing/database";
import type { Caller } from "@/lib/auth";
import { db } from "@/lib/db";
import { pool } from "@/lib/db/pool";
import { processEvents } from "@/lib/events/process";
import type { StorableEvent } from "@/lib/events/record";
import { storeEvents } from "@/lib/events/store";
import { knownInStore, patientHistory } from "@/lib/patients/history";
import { auditPatientViewed } from "@/lib/audit/patient-view";
import { actionLabel, detailsText, targetText } from "@/lib/audit/describe";
import { verifyAuditTrail } from "@/lib/audit/verify";
import { translatorFor } from "@/lib/i18n/translator";

const A = "clinic_pp_a";
const B = "clinic_pp_b";
let database: TestDatabase;
let caller: Caller;

const ev = (id: string, clinic: string, type: string, day: number, data: Record<string, unknown>): StorableEvent => ({
  id,
  clinic_id: clinic,
  integration_id: null,
  type,
  created_at: `2026-02-${String(day).padStart(2, "0")}T10:00:00.000Z`,
  data,
});

beforeAll(async () => {
  database = await createTestDatabase("patient_page", { migrated: true });
  process.env.DATABASE_URL = database.url;
  await db.clinic.create({ data: { id: A, name: "Clinic A", timeZone: "UTC" } });
  const user = await db.user.create({
    data: { clinicId: A, platformUserId: "staff_a", platformUserType: "Staff", name: "Front Desk" },
  });
  caller = { clinicId: A, user: { id: user.id, timeZone: "UTC" } } as unknown as Caller;
  const events = [
    ev("e1", A, "patient.created", 1, {
      patient: { id: "pat_1", first_name: "Priya", last_name: "Patel", email: "old@x" },
    }),
    ev("e2", A, "patient.updated", 2, {
      patient: { id: "pat_1", first_name: "Priya", last_name: "Patel", email: "new@x" },
    }),
    ev("e3", A, "order.placed", 3, { id: "ord_1", order_number: "R1", patient_id: "pat_1" }),
    ev("e4", A, "lab_order.updated", 4, { lab_order: { id: "lab_1", patient_id: "pat_1", status: "results_ready" } }),
    ev("e5", A, "order.placed", 5, { id: "ord_2", order_number: "R2", patient_id: "pat_2" }),
    ev("e6", B, "order.placed", 6, { id: "ord_3", order_number: "R3", patient_id: "pat_1" }),
  ];
  await storeEvents(db, events, "webhook");
  await processEvents(
    db,
    events.map((e) => e.id),
  );
});
afterAll(async () => {
  await db.$disconnect();
  await pool().end();
  await database?.drop();
});

describe("a patient's history from the store", () => {
  it("holds every event about them, newest first, named, and nothing of another patient or clinic", async () => {
    const h = await patientHistory(db, A, "pat_1");
    expect(h.events.map((e) => e.id)).toEqual(["e4", "e3", "e2", "e1"]);
    expect(h.name).toBe("Priya Patel");
    expect(h.details).toEqual({ email: "new@x" });
    expect(h.events.find((e) => e.id === "e3")?.summary.params.patient).toBe("Priya Patel");
    expect(h.more).toBe(false);
  });

  it("knows nothing of a patient only another clinic has", async () => {
    const h = await patientHistory(db, B, "pat_2");
    expect(knownInStore(h)).toBe(false);
    expect(knownInStore(await patientHistory(db, A, "pat_2"))).toBe(true);
  });
});

describe("a view of the page in the audit trail", () => {
  it("is one entry: who, which patient, how many rows; said in English and French", async () => {
    await auditPatientViewed(caller, { id: "pat_1", name: "Priya Patel" }, { events: 4, plans: 2 });
    const entries = await db.auditEntry.findMany({ where: { clinicId: A, action: "patients.viewed" } });
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({ actorUserId: caller.user.id, targetType: "patient", targetId: "pat_1" });
    expect(entry!.details).toEqual({ patient: "Priya Patel", rows: 6, events: 4, plans: 2 });
    const en = translatorFor("en");
    const fr = translatorFor("fr-CA");
    expect(actionLabel(en, entry!.action)).toBe("Opened a patient's page");
    expect(actionLabel(fr, entry!.action)).toBe("A ouvert la page d'un·e patient·e");
    expect(targetText(en, "patient")).toBe("patient");
    expect(detailsText(en, entry!.details)).toBe("rows: 6 · treatment plans: 2 · events: 4 · patient: Priya Patel");
    const [report] = await verifyAuditTrail(pool(), A);
    expect(report).toMatchObject({ clinicId: A, ok: true });
  });
});
