// POST /api/clinic/patients as the platform documents it: the fields it takes, the record it answers
// (read through the app's own contract), and every refusal as a 422 naming the field, as a table.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ApiErrorBodySchema,
  PatientCreateInputSchema,
  PatientListResponseSchema,
  PatientResponseSchema,
} from "@/lib/contract";
import { DOCUMENTED_FIELDS } from "../api/documented";
import { startTestSandbox } from "../testing/harness";

let t: Awaited<ReturnType<typeof startTestSandbox>>;
let pracToken: string;
let staffToken: string;
let otherClinicToken: string;
const PATH = "/api/clinic/patients";
let n = 0;
/** A valid body with an email no other test used. */
const valid = (extra: Record<string, unknown> = {}) => ({
  email: `new.patient.${++n}@mail.example`,
  first_name: "Wilhelmina",
  last_name: "Okafor",
  ...extra,
});

beforeAll(async () => {
  t = await startTestSandbox();
  pracToken = (await t.client.signIn(t.clinicA.practitioners[0].id)).access_token;
  staffToken = (await t.client.signIn(t.clinicA.staff[0].id)).access_token;
  otherClinicToken = (await t.client.signIn(t.clinicB.practitioners[0].id)).access_token;
});
afterAll(() => t.close());

const create = (body: unknown, token = pracToken) => t.client.api(token, "POST", PATH, body);
const listed = async (search: string, token = pracToken) =>
  PatientListResponseSchema.parse(
    (await t.client.api(token, "GET", `${PATH}?search=${encodeURIComponent(search)}`)).body,
  ).patients;

describe("creating a patient", () => {
  it("answers 201 with the record, every documented field, and the clinic's list holds them at once", async () => {
    const body = valid({
      date_of_birth: "1984-02-29",
      gender: "x",
      mobile_number: "+12223334444",
      send_welcome_email: "false",
      discount: "12.5",
      metadata: { id: "ehr-778" },
    });
    // What the test sends is what the app may send.
    expect(PatientCreateInputSchema.safeParse(body).success).toBe(true);
    const res = await create(body);
    expect(res.status).toBe(201);
    const { patient } = PatientResponseSchema.parse(res.body);
    expect(patient).toMatchObject({
      first_name: "Wilhelmina",
      last_name: "Okafor",
      email: body.email,
      date_of_birth: "1984-02-29",
      gender: "x",
      mobile_number: "+12223334444",
      discount: 12.5,
      practitioner_id: t.clinicA.practitioners[0].id,
    });
    expect((await listed(body.email)).map((p) => p.id)).toEqual([patient.id]);
  });

  it("takes only the required fields, and a patient made by staff has no practitioner yet", async () => {
    const res = await create(valid(), staffToken);
    expect(res.status).toBe(201);
    const { patient } = PatientResponseSchema.parse(res.body);
    expect(patient).toMatchObject({ gender: null, mobile_number: null, discount: 0, practitioner_id: null });
  });

  it("creates no event: the spec creates none for an action made through the API", async () => {
    const before = t.sb.state.events.length;
    expect((await create(valid())).status).toBe(201);
    expect(t.sb.state.events.length).toBe(before);
  });

  it("lets another clinic use an email this clinic has (the email is unique within a clinic)", async () => {
    const body = valid();
    expect((await create(body)).status).toBe(201);
    expect((await create({ ...body, first_name: "Other" }, otherClinicToken)).status).toBe(201);
  });

  it("answers bare with documented fields only in the documented-records mode, read by the app", async () => {
    expect((await t.client.control("/account", { documented_records: true })).status).toBe(200);
    try {
      const res = await create(valid({ gender: "female" }));
      expect(res.status).toBe(201);
      const body = res.body as Record<string, unknown>;
      expect(body.patient).toBeUndefined();
      const fields: readonly string[] = DOCUMENTED_FIELDS.patient;
      expect(Object.keys(body).every((k) => fields.includes(k))).toBe(true);
      expect(PatientResponseSchema.parse(body).patient.gender).toBe("female");
    } finally {
      await t.client.control("/account", { documented_records: false });
    }
  });
});

describe("refusals: 422 naming the field, nothing created", () => {
  const TAKEN_EMAIL = "taken.email@mail.example";
  beforeAll(async () => {
    expect((await create(valid({ email: TAKEN_EMAIL, metadata: { id: "ehr-taken" } }))).status).toBe(201);
  });

  const { email: _e, ...noEmail } = { email: "", first_name: "A", last_name: "B" };
  void _e;
  it.each<[string, () => unknown, string, string]>([
    ["no email", () => ({ ...noEmail }), "email", "required"],
    ["an email without a domain", () => valid({ email: "someone@" }), "email", "invalid_value"],
    ["no first name", () => ({ email: "x1@mail.example", last_name: "B" }), "first_name", "required"],
    ["a blank last name", () => valid({ last_name: "   " }), "last_name", "invalid_value"],
    ["a name of 101 characters", () => valid({ first_name: "a".repeat(101) }), "first_name", "invalid_value"],
    ["a date in another format", () => valid({ date_of_birth: "29/02/1984" }), "date_of_birth", "invalid_value"],
    ["a day that does not exist", () => valid({ date_of_birth: "1983-02-29" }), "date_of_birth", "invalid_value"],
    ["a birth date after today", () => valid({ date_of_birth: "2999-01-01" }), "date_of_birth", "invalid_value"],
    ["a birth date before 1900", () => valid({ date_of_birth: "1850-06-01" }), "date_of_birth", "invalid_value"],
    ["a gender the platform does not take", () => valid({ gender: "other" }), "gender", "invalid_value"],
    ["a capitalised gender", () => valid({ gender: "Female" }), "gender", "invalid_value"],
    [
      "a mobile number with spaces",
      () => valid({ mobile_number: "+1 222 333 4444" }),
      "mobile_number",
      "invalid_value",
    ],
    [
      "a mobile number without its plus",
      () => valid({ mobile_number: "12223334444" }),
      "mobile_number",
      "invalid_value",
    ],
    ["a discount over 35", () => valid({ discount: "35.01" }), "discount", "invalid_value"],
    ["a negative discount", () => valid({ discount: "-5" }), "discount", "invalid_value"],
    ["a discount as a number", () => valid({ discount: 10 }), "discount", "invalid_value"],
    [
      "send_welcome_email as a boolean",
      () => valid({ send_welcome_email: true }),
      "send_welcome_email",
      "invalid_value",
    ],
    ["metadata without an id", () => valid({ metadata: {} }), "metadata", "invalid_value"],
    ["a field the platform does not take", () => valid({ middle_name: "Q" }), "middle_name", "invalid_value"],
    ["an email another patient has", () => valid({ email: TAKEN_EMAIL }), "email", "taken"],
    ["that email in capitals", () => valid({ email: TAKEN_EMAIL.toUpperCase() }), "email", "taken"],
    ["an own id another patient carries", () => valid({ metadata: { id: "ehr-taken" } }), "metadata.id", "taken"],
  ])("%s", async (_name, body, field, code) => {
    const before = t.sb.state.patients.size;
    const res = await create(body());
    expect(res.status).toBe(422);
    const { errors } = ApiErrorBodySchema.parse(res.body);
    expect(errors).toContainEqual({ code, field, message: expect.stringContaining(field) });
    expect(t.sb.state.patients.size).toBe(before);
  });

  it("names every field at fault at once", async () => {
    const res = await create({ email: "nope", first_name: "", last_name: "B", gender: "m", discount: "90" });
    expect(res.status).toBe(422);
    const fields = ApiErrorBodySchema.parse(res.body).errors.map((e) => e.field);
    expect(fields.sort()).toEqual(["discount", "email", "first_name", "gender"]);
  });

  it("refuses a caller without a token", async () => {
    expect((await create(valid(), "")).status).toBe(401);
  });
});
