// Rows of the patients' actions: adding one, cancelling a plan, the list.
import { expect } from "@playwright/test";
import { invalid, missing, SIGNED_OUT } from "../answers";
import { HTML, SQL, UNICODE } from "../setup";
import { CANCEL_PLAN, holds, IDLE, is, itemIds, NEW_PATIENT, patientForm, PATIENTS, type ActionRow } from "./row";

export const PATIENT_ACTION_ROWS: ActionRow[] = [
  // app/patients/new/actions.ts — bad input is refused before the platform is asked.
  {
    name: "no form",
    action: NEW_PATIENT,
    as: "practitioner",
    args: () => [IDLE, null],
    answer: is(invalid("first_name", "last_name", "email")),
  },
  {
    name: "SQL as the email",
    action: NEW_PATIENT,
    as: "staff",
    args: () => [IDLE, patientForm({ email: SQL })],
    answer: is(invalid("email")),
    noEcho: () => [SQL],
  },
  {
    name: "a name that reverses its text, a gender the platform lacks",
    action: NEW_PATIENT,
    as: "practitioner",
    args: () => [IDLE, patientForm({ first_name: UNICODE, gender: HTML })],
    answer: is(invalid("first_name", "gender")),
    noEcho: () => [HTML],
  },
  {
    name: "a discount of 1000 %",
    action: NEW_PATIENT,
    as: "practitioner",
    args: () => [IDLE, patientForm({ discount: "1000" })],
    answer: is(invalid("discount")),
  },
  // app/patients/[id]/actions.ts — a plan of one of the caller's clinic's patients only.
  {
    name: "signed out",
    action: CANCEL_PLAN,
    as: "anon",
    args: () => [{ patientId: "pat_x", planId: "tp_x" }],
    answer: is(SIGNED_OUT),
  },
  { name: "null", action: CANCEL_PLAN, as: "practitioner", args: () => [null], answer: is(invalid("_")) },
  {
    name: "a plan id with SQL",
    action: CANCEL_PLAN,
    as: "practitioner",
    args: () => [{ patientId: "pat_x", planId: SQL }],
    answer: is(invalid("planId")),
  },
  {
    name: "another clinic's patient",
    action: CANCEL_PLAN,
    as: "practitioner",
    args: (c) => [{ patientId: c.other.patientIds[0], planId: "tp_x" }],
    answer: is(missing("record")),
  },

  // app/patients/actions.ts — the caller's clinic's patients only.
  { name: "signed out", action: PATIENTS, as: "anon", args: () => [{}], answer: is(SIGNED_OUT) },
  { name: "null", action: PATIENTS, as: "practitioner", args: () => [null], answer: is(invalid("_")) },
  {
    name: "a query string",
    action: PATIENTS,
    as: "practitioner",
    args: () => ["page=2&size=100"],
    answer: is(invalid("_")),
  },
  { name: "page 0", action: PATIENTS, as: "practitioner", args: () => [{ page: 0 }], answer: is(invalid("page")) },
  {
    name: "page with SQL",
    action: PATIENTS,
    as: "practitioner",
    args: () => [{ page: `1${SQL}` }],
    answer: is(invalid("page")),
  },
  { name: "size 101", action: PATIENTS, as: "practitioner", args: () => [{ size: 101 }], answer: is(invalid("size")) },
  {
    name: "size negative",
    action: PATIENTS,
    as: "practitioner",
    args: () => [{ size: -5 }],
    answer: is(invalid("size")),
  },
  {
    name: "search of 201 characters",
    action: PATIENTS,
    as: "practitioner",
    args: () => [{ q: "q".repeat(201) }],
    answer: is(invalid("q")),
  },
  {
    name: "search of 900,000 characters",
    action: PATIENTS,
    as: "practitioner",
    args: () => [{ q: "q".repeat(900_000) }],
    answer: is(invalid("q")),
  },
  {
    name: "search for another clinic's patient",
    action: PATIENTS,
    as: "practitioner",
    args: (c) => [{ q: c.other.patientName }],
    answer: holds((v) => expect(itemIds(v)).toEqual([])),
  },
  {
    name: "another clinic's id smuggled into the query",
    action: PATIENTS,
    as: "practitioner",
    args: (c) => [{ size: 100, clinic_id: c.clinics.b.id, clinicId: c.clinics.b.id }],
    answer: holds((v, c) => {
      expect(itemIds(v).length).toBeGreaterThan(0);
      expect(itemIds(v).filter((id) => c.other.patientIds.includes(id))).toEqual([]);
    }),
  },
  {
    name: "search with SQL",
    action: PATIENTS,
    as: "practitioner",
    args: () => [{ q: "' OR 1=1 --" }],
    answer: holds((v) => expect(itemIds(v)).toEqual([])),
  },
  {
    name: "search with unicode and a lone surrogate",
    action: PATIENTS,
    as: "practitioner",
    args: () => [{ q: UNICODE }],
    answer: holds((v) => expect(itemIds(v)).toEqual([])),
  },
  {
    name: "control: B's member finds B's patient",
    action: PATIENTS,
    as: "otherMember",
    args: (c) => [{ q: c.other.patientName }],
    answer: holds((v) => expect(itemIds(v)).toHaveLength(1)),
  },
];
