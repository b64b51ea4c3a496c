// One patient (GET /api/clinic/patients/{id}, documented: "find individual patients"): the clinic's
// patient under `patient`, or bare with only the documented fields in the documented-records mode,
// both read by the app's contract; another clinic's patient, or none, answers 404; the path takes no
// query. And a patient created "through the API" (the control API's through_api) creates no event,
// as spec 6.1 rule 2 says, yet can be read at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PatientResponseSchema } from "@/lib/contract";
import { DOCUMENTED_FIELDS } from "../api/documented";
import { startTestSandbox } from "../testing/harness";

let t: Awaited<ReturnType<typeof startTestSandbox>>;
let token: string;
const path = (id: string) => `/api/clinic/patients/${encodeURIComponent(id)}`;

beforeAll(async () => {
  t = await startTestSandbox();
  token = (await t.client.signIn(t.clinicA.staff[0].id)).access_token;
});
afterAll(() => t.close());

describe("one patient", () => {
  const ofClinic = (clinicId: string) => [...t.sb.state.patients.values()].find((p) => p.clinicId === clinicId)!;

  it("answers the clinic's patient under `patient`, read by the app's contract", async () => {
    const patient = ofClinic(t.clinicA.id);
    const res = await t.client.api(token, "GET", path(patient.id));
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(PatientResponseSchema.parse(res.body).patient).toMatchObject({
      id: patient.id,
      first_name: patient.firstName,
      last_name: patient.lastName,
    });
  });

  it.each([
    ["another clinic's patient", () => path(ofClinic(t.clinicB.id).id), 404],
    ["an unknown id", () => path("pat_nobody"), 404],
    ["a query parameter", () => `${path(ofClinic(t.clinicA.id).id)}?include=all`, 400],
  ])("refuses %s", async (_what, url, status) => {
    const res = await t.client.api(token, "GET", url());
    expect(res.status).toBe(status);
    expect((res.body as { errors: unknown[] }).errors.length).toBeGreaterThan(0);
  });

  it("answers bare with the documented fields only in the documented-records mode", async () => {
    const patient = ofClinic(t.clinicA.id);
    await t.client.control("/account", { documented_records: true });
    try {
      const res = await t.client.api(token, "GET", path(patient.id));
      expect(res.status).toBe(200);
      const fields: readonly string[] = DOCUMENTED_FIELDS.patient;
      expect(Object.keys(res.body as object).every((k) => fields.includes(k))).toBe(true);
      expect(PatientResponseSchema.parse(res.body).patient.id).toBe(patient.id);
    } finally {
      await t.client.control("/account", { documented_records: false });
    }
  });

  it("reads a patient created through the API, which created no event", async () => {
    const events = t.sb.state.events.length;
    const res = await t.client.control<{ event: unknown; record: { id: string } }>("/activity", {
      clinic_id: t.clinicA.id,
      type: "patient.created",
      through_api: true,
      data: { first_name: "Quiet", last_name: "Arrival" },
    });
    expect(res.status).toBe(201);
    expect(res.body.event).toBeNull();
    expect(t.sb.state.events.length).toBe(events);
    const read = await t.client.api(token, "GET", path(res.body.record.id));
    expect(PatientResponseSchema.parse(read.body).patient).toMatchObject({ first_name: "Quiet", last_name: "Arrival" });
  });

  it("refuses through_api for an activity other than creating a patient", async () => {
    const res = await t.client.control("/activity", {
      clinic_id: t.clinicA.id,
      type: "order.placed",
      through_api: true,
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain("through_api");
  });
});
