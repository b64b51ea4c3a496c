// Spec 2.6, 3 (integration), 4, 4.6, 4.7, 5.6, 7 and 8: the clinic and its key, pagination, query
// parameters, errors and request ids. Rate limits, faults and concurrency have files of their own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ApiErrorBodySchema,
  PatientListResponseSchema,
  PractitionerListResponseSchema,
  StaffListResponseSchema,
} from "@/lib/contract";
import { SandboxClinicResponseSchema } from "../state/records";
import { http, startTestSandbox } from "../testing/harness";

let t: Awaited<ReturnType<typeof startTestSandbox>>;
let token: string;
beforeAll(async () => {
  t = await startTestSandbox();
  token = (await t.client.signIn(t.clinicA.staff[0].id)).access_token;
});
afterAll(() => t.close());

describe("spec 4.7 / 3 / 5.6 clinic and clinic key", () => {
  it("GET /api/clinic returns the token's clinic with its integration id", async () => {
    const { clinic } = SandboxClinicResponseSchema.parse((await t.client.api(token, "GET", "/api/clinic")).body);
    expect(clinic).toMatchObject({
      id: t.clinicA.id,
      name: t.clinicA.name,
      integration_id: t.clinicA.integration_id,
      integration_status: "not_activated",
    });
  });

  it("activates on the first request with a valid key, once, and revocation ends it", async () => {
    const key = { "X-Service-Clinic-Key": t.clinicA.current_clinic_key };
    const count = () =>
      t.sb.state.events.filter((e) => e.clinicId === t.clinicA.id && e.type === "clinic_key.activated").length;
    const before = count();
    expect((await t.client.api(token, "GET", "/api/clinic/patients", undefined, key)).status).toBe(200);
    expect((await t.client.api(token, "GET", "/api/clinic", undefined, key)).status).toBe(200);
    expect(count()).toBe(before + 1);
    const listed = await t.client.api<{ events: { type: string }[] }>(
      token,
      "GET",
      "/api/events/clinic_keys?order_by=DESC&page[size]=1",
    );
    expect(listed.body.events[0].type).toBe("clinic_key.activated");
    expect(
      SandboxClinicResponseSchema.parse((await t.client.api(token, "GET", "/api/clinic")).body).clinic
        .integration_status,
    ).toBe("activated");

    const revoke = await t.client.control("/clinic-keys/revoke", { clinic_id: t.clinicA.id });
    expect(revoke.status).toBe(200);
    const refused = await t.client.api(token, "GET", "/api/clinic", undefined, key);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errors: [{ code: "clinic_key_revoked" }] });
    const after = await t.client.api<{ events: { type: string }[] }>(
      token,
      "GET",
      "/api/events/clinic_keys?order_by=DESC&page[size]=1",
    );
    expect(after.body.events[0].type).toBe("clinic_key.revoked");
  });

  it.each([
    ["another clinic's key", () => t.clinicB.current_clinic_key],
    ["an unknown key", () => "ck_unknown"],
  ])("refuses %s with 403", async (_label, key) => {
    const res = await t.client.api(token, "GET", "/api/clinic", undefined, { "X-Service-Clinic-Key": key() });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ errors: [{ code: "clinic_key_invalid" }] });
  });
});

describe("spec 2.6 / 4.6 / 8 pagination", () => {
  it("pages with page[number] and page[size] and reports meta", async () => {
    const first = PatientListResponseSchema.parse(
      (await t.client.api(token, "GET", "/api/clinic/patients?page[size]=10")).body,
    );
    expect(first.patients).toHaveLength(10);
    const total = first.meta.total_count;
    expect(first.meta).toEqual({
      current_page: 1,
      next_page: 2,
      prev_page: null,
      total_pages: Math.ceil(total / 10),
      total_count: total,
    });
    const last = PatientListResponseSchema.parse(
      (await t.client.api(token, "GET", `/api/clinic/patients?page[size]=10&page[number]=${first.meta.total_pages}`))
        .body,
    );
    expect(last.meta.next_page).toBeNull();
    expect(last.meta.prev_page).toBe(first.meta.total_pages - 1);
    expect(last.patients.length).toBe(total - 10 * (first.meta.total_pages - 1));
    const ids = new Set<string>();
    for (let p = 1; p <= first.meta.total_pages; p++) {
      const page = PatientListResponseSchema.parse(
        (await t.client.api(token, "GET", `/api/clinic/patients?page[size]=10&page[number]=${p}`)).body,
      );
      page.patients.forEach((x) => ids.add(x.id));
    }
    expect(ids.size).toBe(total);
  });

  it("uses 25 by default and accepts 100", async () => {
    expect(
      PatientListResponseSchema.parse((await t.client.api(token, "GET", "/api/clinic/patients")).body).patients,
    ).toHaveLength(25);
    expect((await t.client.api(token, "GET", "/api/clinic/patients?page%5Bsize%5D=100")).status).toBe(200);
  });

  it.each([
    "page[size]=101",
    "page[size]=0",
    "page[size]=-1",
    "page[number]=abc",
    "page[number]=1.5",
    "search=a&search=b",
  ])("refuses %s with 400 naming it", async (q) => {
    const res = await t.client.api(token, "GET", `/api/clinic/patients?${q}`);
    expect(res.status).toBe(400);
    expect(ApiErrorBodySchema.parse(res.body).errors[0].field).toBe(q.split("=")[0]);
  });

  it.each([
    "/api/clinic/service_resources",
    `/api/clinic/practitioners/PRAC/resources`,
    "/api/events/orders",
    "/api/webhooks/deliveries",
    "/api/clinic/treatment_plans",
    "/api/clinic/practitioners",
    "/api/clinic/staff",
  ])("%s refuses page[size]=101", async (path) => {
    const res = await t.client.api(
      token,
      "GET",
      `${path.replace("PRAC", t.clinicA.practitioners[0].id)}?page[size]=101`,
    );
    expect(res.status).toBe(400);
  });
});

describe("extension: the clinic's people", () => {
  it("lists the token's clinic's practitioners and staff (with their roles), paged as spec 2.6", async () => {
    const prac = PractitionerListResponseSchema.parse(
      (await t.client.api(token, "GET", "/api/clinic/practitioners?page[size]=2")).body,
    );
    expect(prac.meta).toMatchObject({ current_page: 1, next_page: 2, total_count: t.clinicA.practitioners.length });
    const allPrac = PractitionerListResponseSchema.parse(
      (await t.client.api(token, "GET", "/api/clinic/practitioners?page[size]=100")).body,
    ).practitioners;
    expect(allPrac.map((p) => p.id).sort()).toEqual(t.clinicA.practitioners.map((p) => p.id).sort());
    const first = t.clinicA.practitioners[0];
    expect(allPrac.find((p) => p.id === first.id)).toMatchObject({
      first_name: first.first_name,
      last_name: first.last_name,
      email: expect.stringContaining("@"),
    });
    const staff = StaffListResponseSchema.parse((await t.client.api(token, "GET", "/api/clinic/staff")).body).staff;
    expect(staff.map((s) => [s.id, s.role]).sort()).toEqual(t.clinicA.staff.map((s) => [s.id, s.role]).sort());
    expect(staff.some((s) => s.role === "Clinic admin")).toBe(true);
  });

  it("answers 404 when switched off, as a platform without the lists would", async () => {
    await t.client.control("/account", { people_lists: false });
    try {
      expect((await t.client.api(token, "GET", "/api/clinic/staff")).status).toBe(404);
      expect((await t.client.api(token, "GET", "/api/clinic/practitioners")).status).toBe(404);
    } finally {
      await t.client.control("/account", { people_lists: true });
    }
  });
});

describe("spec 7 errors and request ids", () => {
  it("carries X-Request-Id on every response, errors included", async () => {
    const responses = await Promise.all([
      t.client.api(token, "GET", "/api/clinic"),
      t.client.api(null, "GET", "/api/clinic"),
      t.client.api(token, "GET", "/api/nowhere"),
      t.client.api(token, "PATCH", "/api/clinic"),
      t.client.control("/health"),
      http(`${t.client.url}/api/oauth/token`, {
        method: "POST",
        body: "{}",
        headers: { "content-type": "application/json" },
      }),
    ]);
    const ids = responses.map((r) => r.headers.get("x-request-id"));
    expect(ids.every((id) => id && id.startsWith("req_"))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(responses[2].status).toBe(404);
    expect(responses[3].status).toBe(405);
    expect(ApiErrorBodySchema.safeParse(responses[2].body).success).toBe(true);
  });
});

describe("spec 4 / 4.6 query parameters: unknown ones are refused everywhere (400 naming the parameter)", () => {
  const rows: [string, string, string][] = [
    ["GET the clinic", "GET", "/api/clinic?colour=red"],
    ["GET a resource", "GET", "RESOURCE?colour=red"],
    ["PUT a resource", "PUT", "RESOURCE?colour=red"],
    ["DELETE a resource", "DELETE", "RESOURCE?colour=red"],
    ["POST a resource", "POST", "RESOURCES?colour=red"],
    ["POST a session grant", "POST", "/api/clinic/embeddable/session_grants?colour=red"],
    ["GET an event", "GET", "EVENT?colour=red"],
    ["list patients", "GET", "/api/clinic/patients?colour=red"],
    ["list a practitioner's resources", "GET", "RESOURCES?colour=red"],
    ["list service resources", "GET", "/api/clinic/service_resources?colour=red"],
    ["list treatment plans", "GET", "/api/clinic/treatment_plans?colour=red"],
    ["list events", "GET", "/api/events/orders?colour=red"],
    ["list deliveries", "GET", "/api/webhooks/deliveries?colour=red"],
  ];
  it.each(rows)("%s", async (_label, method, template) => {
    const resources = `/api/clinic/practitioners/${t.clinicA.practitioners[0].id}/resources`;
    const resource = [...t.sb.state.resources.values()].find((r) => r.practitionerId === t.clinicA.practitioners[0].id);
    const event = t.sb.state.events.filter((e) => e.clinicId === t.clinicA.id).at(-1);
    const path = template
      .replace("RESOURCES", resources)
      .replace("RESOURCE", `${resources}/${resource?.id}`)
      .replace("EVENT", `/api/events/${event?.id}`);
    const name = resource?.name;
    const res = await t.client.api(
      token,
      method,
      path,
      method === "PUT" ? { name: "changed" } : method === "POST" ? {} : undefined,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: [{ code: "invalid_parameter", field: "colour" }] });
    // Refused before acting: the resource is neither changed nor deleted.
    expect(t.sb.state.resources.get(resource?.id ?? "")?.name).toBe(name);
  });
});
