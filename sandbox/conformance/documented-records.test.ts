// The account's documented-records mode (sandbox/api/documented.ts): every record carries only what
// the platform's documentation shows, single records come bare, and the paths neither the spec nor
// the documentation shows answer 404. Each answer must still read through the app's own contract
// (lib/contract), which is what proves the app works with the platform as documented.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ClinicResponseSchema,
  PatientListResponseSchema,
  ResourceListResponseSchema,
  ResourceResponseSchema,
  ServiceResourceListResponseSchema,
  StaffListResponseSchema,
  TreatmentPlanListResponseSchema,
  WebhookDeliveryListResponseSchema,
} from "@/lib/contract";
import { DOCUMENTED_FIELDS } from "../api/documented";
import { startTestSandbox } from "../testing/harness";
import { dataUri, FILES } from "../testing/files";

let t: Awaited<ReturnType<typeof startTestSandbox>>;
let pracToken: string;
let staffToken: string;
const keysOf = (record: object) => Object.keys(record).sort();
const onlyDocumented = (kind: keyof typeof DOCUMENTED_FIELDS, record: object) =>
  expect(keysOf(record).every((k) => (DOCUMENTED_FIELDS[kind] as readonly string[]).includes(k))).toBe(true);

beforeAll(async () => {
  t = await startTestSandbox();
  pracToken = (await t.client.signIn(t.clinicA.practitioners[0].id)).access_token;
  staffToken = (await t.client.signIn(t.clinicA.staff[0].id)).access_token;
  expect((await t.client.control("/account", { documented_records: true })).status).toBe(200);
});
afterAll(() => t.close());

describe("documented records mode", () => {
  const prac = () => t.clinicA.practitioners[0].id;
  const resources = () => `/api/clinic/practitioners/${prac()}/resources`;

  it("answers a created resource bare, with exactly the documented five fields, and the app reads it", async () => {
    const res = await t.client.api(pracToken, "POST", resources(), {
      name: "Sleep hygiene",
      category: "Lifestyle",
      attachment: dataUri(FILES.pdf),
      attachment_filename: "sleep.pdf",
      save_to_library: "true",
    });
    expect(res.status).toBe(201);
    expect(keysOf(res.body as object)).toEqual(["attachment_url", "category", "id", "name", "type"]);
    const { resource } = ResourceResponseSchema.parse(res.body);
    expect(resource).toMatchObject({ name: "Sleep hygiene", category: "Lifestyle", type: null });
    const download = await fetch(resource.attachment_url);
    expect(Buffer.from(await download.arrayBuffer()).equals(FILES.pdf)).toBe(true);
  });

  it.each([
    ["resource", (): string => resources(), ResourceListResponseSchema, "resources"],
    ["resource", (): string => "/api/clinic/service_resources", ServiceResourceListResponseSchema, "service_resources"],
    ["patient", (): string => "/api/clinic/patients", PatientListResponseSchema, "patients"],
    ["person", (): string => "/api/clinic/staff", StaffListResponseSchema, "staff"],
  ] as const)("lists %s records (%s) with documented fields only, read by the app", async (kind, path, schema, key) => {
    const res = await t.client.api(staffToken, "GET", path());
    expect(res.status).toBe(200);
    const items = (schema.parse(res.body) as Record<string, object[]>)[key];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) onlyDocumented(kind, item);
  });

  it("answers the clinic bare with its documented fields", async () => {
    const res = await t.client.api(staffToken, "GET", "/api/clinic");
    expect(res.status).toBe(200);
    expect(keysOf(res.body as object)).toEqual([...DOCUMENTED_FIELDS.clinic].sort());
    expect(ClinicResponseSchema.parse(res.body).clinic).toMatchObject({ id: t.clinicA.id, name: t.clinicA.name });
  });

  it("lists deliveries with the spec's three fields, read by the app", async () => {
    const res = await t.client.api(staffToken, "GET", "/api/webhooks/deliveries");
    expect(res.status).toBe(200);
    for (const d of WebhookDeliveryListResponseSchema.parse(res.body).deliveries) onlyDocumented("delivery", d);
  });

  it.each(["/api/clinic/treatment_plans", "/api/clinic/practitioners"])(
    "answers 404 at %s (shown nowhere)",
    async (path) => {
      expect((await t.client.api(staffToken, "GET", path)).status).toBe(404);
    },
  );

  it("serves one patient's plans at the documented path, and 404 for another clinic's patient", async () => {
    const plan = [...t.sb.state.treatmentPlans.values()].find((p) => p.clinicId === t.clinicA.id)!;
    const res = await t.client.api(staffToken, "GET", `/api/clinic/patients/${plan.patientId}/treatment_plans`);
    expect(res.status).toBe(200);
    const listed = TreatmentPlanListResponseSchema.parse(res.body).treatment_plans;
    expect(listed.map((p) => p.id)).toContain(plan.id);
    const other = [...t.sb.state.patients.values()].find((p) => p.clinicId === t.clinicB.id)!;
    expect((await t.client.api(staffToken, "GET", `/api/clinic/patients/${other.id}/treatment_plans`)).status).toBe(
      404,
    );
  });
});
