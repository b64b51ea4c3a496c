// The records the platform answers with, as its documentation shows them (written here in our own
// words and ids): each parses, keeps keys we do not know, and needs none of the fields that neither
// the spec nor the documentation shows (docs/platform-api.md, "Fields of each record").
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  ClinicResponseSchema,
  PaginationMetaSchema,
  PatientListResponseSchema,
  PatientSchema,
  ResourceListResponseSchema,
  ResourceRecordSchema,
  ResourceResponseSchema,
  RevokeResponseSchema,
  ServiceResourceRecordSchema,
  StaffMemberSchema,
  TokenResponseSchema,
  TreatmentPlanSchema,
  WebhookDeliverySchema,
} from "./index";
import { planPatientId, planPractitionerId, planState } from "./plan-view";

const RESOURCE = {
  id: "6f1c2a9e-4b7d-4e0a-9c3f-2d8e5a7b1c40",
  attachment_url: "https://files.example.test/r/6f1c2a9e/sleep-guide.pdf",
  category: "Lifestyle",
  name: "Sleeping well",
  type: "Guide",
};
const PATIENT = {
  id: "b3e8d2f1-7a6c-4d59-8e21-0c4f9a3b7d62",
  first_name: "Odile",
  last_name: "Marchand",
  email: "odile.marchand@example.test",
  date_of_birth: null,
  gender: "female",
  discount: 10,
  total_discount: 10,
  mobile_number: null,
  text_message_notification: false,
};
const CLINIC = {
  id: "1d9a7c53-2e84-4b6f-a0d1-93c5e7f2b864",
  name: "Clinique du Vieux-Port",
  patient_count: 42,
  practitioner_count: 3,
  discount: 15,
  dispensary_url: "https://dispensary.example.test/vieux-port",
  integration_id: "8c2e4f60-1b3d-4a7e-9f05-6d8b2c1a4e97",
  integration_activated_at: "2026-03-02T14:05:00.000Z",
  margin_type: "percentage",
};
const OAUTH = {
  oauth: {
    access_token: "at-5e0d1c7b",
    token_type: "Bearer",
    expires_in: 7200,
    refresh_token: "rt-9a4f3e21",
    scope: "patients:read catalog:read",
    created_at: "2026-11-20T09:00:00Z",
    resource_owner: { id: "e4b1a6d8-3c2f-4e97-b105-7a9d0c6e2f38", type: "Practitioner" },
  },
};
/** Only what the spec names of a delivery: the list's three filters. */
const DELIVERY = {
  event_id: "0a7e3c91-5d2b-4f68-8e14-b9c6d2a3f705",
  attempted_at: "2026-11-20T09:01:00Z",
  successfully_delivered: false,
};
const META = { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 1 };
/** A plan as the documentation shows it: `active` a string, the patient and practitioner as `{id}`. */
const PLAN = {
  id: "5b8f0e2d-9c14-4a73-b6e8-1f2d3c4b5a69",
  active: "true",
  available_at: "2026-11-19",
  patient: { id: PATIENT.id },
  practitioner: { id: OAUTH.oauth.resource_owner.id },
  recommendations: [
    { variant_id: "v-1", refill: false, units_to_purchase: 1, dosage: { amount: "1", frequency: "daily" } },
  ],
  resources: [RESOURCE],
  lab_recommendations: [],
};

type Row = [label: string, schema: z.ZodType, documented: Record<string, unknown>, notRequired: string[]];
const ROWS: Row[] = [
  ["resource", ResourceRecordSchema, RESOURCE, ["practitioner_id", "treatment_plan_id", "attachment", "created_at"]],
  ["service resource", ServiceResourceRecordSchema, RESOURCE, ["description", "attachment", "updated_at"]],
  ["patient", PatientSchema, PATIENT, ["practitioner_id", "emancipated_at", "created_at", "updated_at"]],
  ["staff member", StaffMemberSchema, { id: CLINIC.id }, ["first_name", "last_name", "email", "role"]],
  ["treatment plan", TreatmentPlanSchema, PLAN, ["patient_id", "practitioner_id", "state", "created_at"]],
  ["webhook delivery", WebhookDeliverySchema, DELIVERY, ["id", "clinic_id", "attempt", "status_code", "duration_ms"]],
  ["pagination meta", PaginationMetaSchema, META, []],
];

describe("documented records", () => {
  it.each(ROWS)("a documented %s parses as written", (_label, schema, documented) => {
    expect(schema.parse(documented)).toEqual(documented);
  });

  it.each(ROWS)("a %s keeps a key we do not know", (_label, schema, documented) => {
    const withNew = { ...documented, loyalty_tier: { level: 2 } };
    expect(schema.parse(withNew)).toMatchObject({ loyalty_tier: { level: 2 } });
  });

  it.each(ROWS)("a %s needs none of the undocumented fields", (_label, schema, documented, notRequired) => {
    const parsed = schema.parse(documented) as Record<string, unknown>;
    for (const field of notRequired) expect(parsed[field]).toBeUndefined();
  });

  it.each([
    ["resource", ResourceRecordSchema, RESOURCE, ["id", "attachment_url", "name"]],
    ["patient", PatientSchema, PATIENT, ["id", "first_name", "last_name"]],
    ["webhook delivery", WebhookDeliverySchema, DELIVERY, ["event_id", "attempted_at", "successfully_delivered"]],
  ] as const)("a %s without a required field is refused", (_label, schema, documented, required) => {
    for (const field of required) {
      const without: Record<string, unknown> = { ...documented };
      delete without[field];
      expect(schema.safeParse(without).success).toBe(false);
    }
  });
});

describe("answers that wrap a record, or not", () => {
  it.each([
    ["under `clinic`", { clinic: CLINIC }],
    ["bare", CLINIC],
    ["bare, its id as clinic_id", { name: CLINIC.name, clinic_id: CLINIC.id, integration_id: CLINIC.integration_id }],
  ])("reads the clinic %s", (_label, body) => {
    expect(ClinicResponseSchema.parse(body).clinic).toMatchObject({ id: CLINIC.id, name: CLINIC.name });
  });

  it.each([
    ["under `resource`", { resource: RESOURCE }],
    ["bare", RESOURCE],
  ])("reads a created resource %s", (_label, body) => {
    expect(ResourceResponseSchema.parse(body).resource).toEqual(RESOURCE);
  });

  it.each([
    ["resources", ResourceListResponseSchema, { resources: [RESOURCE], meta: META }],
    ["patients", PatientListResponseSchema, { patients: [PATIENT], meta: META, links: { self: "/p1" } }],
  ] as const)("reads a list of %s and keeps its other keys", (_label, schema, body) => {
    expect(schema.parse(body)).toEqual(body);
  });
});

describe("OAuth answers", () => {
  it("reads the documented token answer, keeping a key we do not know", () => {
    const body = { oauth: { ...OAUTH.oauth, id_token_hint: "x" }, issued_by: "platform" };
    expect(TokenResponseSchema.parse(body)).toEqual(body);
  });

  it.each([
    ["empty", {}],
    ["with a key", { revoked: true }],
  ])("reads a revoke answer %s", (_label, body) => {
    expect(RevokeResponseSchema.parse(body)).toEqual(body);
  });
});

describe("reading a plan whichever shape it has", () => {
  it.each([
    ["documented", PLAN, PATIENT.id, OAUTH.oauth.resource_owner.id, "active"],
    ["documented, not active", { ...PLAN, active: "false" }, PATIENT.id, OAUTH.oauth.resource_owner.id, "inactive"],
    ["older documented (no people)", { id: PLAN.id, active: "true" }, null, null, "active"],
    ["sandbox", { id: PLAN.id, patient_id: "p-1", practitioner_id: "u-1", state: "draft" }, "p-1", "u-1", "draft"],
  ])("%s", (_label, plan, patient, practitioner, state) => {
    const parsed = TreatmentPlanSchema.parse(plan);
    expect([planPatientId(parsed), planPractitionerId(parsed), planState(parsed)]).toEqual([
      patient,
      practitioner,
      state,
    ]);
  });
});
