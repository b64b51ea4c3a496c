// Spec 2.3, 3 (session grant), 4.3 and 5.5: session grants and the embedded feature.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EMBED_MESSAGE_TYPES,
  SessionGrantResponseSchema,
  embedUrl,
  embedUrlForPatient,
  type SessionGrant,
} from "@/lib/contract";
import { http, startTestSandbox } from "../testing/harness";

let t: Awaited<ReturnType<typeof startTestSandbox>>;
let practitionerToken: string;
let clinicToken: string;
const ORIGIN = "http://localhost:3000";
beforeAll(async () => {
  t = await startTestSandbox();
  practitionerToken = (await t.client.signIn(t.clinicA.practitioners[0].id)).access_token;
  clinicToken = (await t.client.signIn(t.clinicA.staff[0].id, "clinic")).access_token;
});
afterAll(() => t.close());

const grant = async (token: string, body: Record<string, unknown> = {}): Promise<SessionGrant> => {
  const res = await t.client.api(token, "POST", "/api/clinic/embeddable/session_grants", body);
  expect(res.status).toBe(201);
  return SessionGrantResponseSchema.parse(res.body).session_grant;
};
const open = (g: SessionGrant, origin = ORIGIN) => http(embedUrl(t.client.url, g.secret_token, origin));

describe("spec 2.3 / 4.3 session grants", () => {
  it("role-based: the token names the user; expires 120 s after creation; unclaimed", async () => {
    const g = await grant(practitionerToken);
    expect(g.user).toEqual({ id: t.clinicA.practitioners[0].id, type: "Practitioner" });
    expect(g.claimed_at).toBeNull();
    expect(Date.parse(g.expires_at) - t.sb.state.clock.now()).toBeGreaterThan(118_000);
    expect(Date.parse(g.expires_at) - t.sb.state.clock.now()).toBeLessThanOrEqual(120_000);
  });

  it("role-based: refuses user fields that disagree with the token", async () => {
    const res = await t.client.api(practitionerToken, "POST", "/api/clinic/embeddable/session_grants", {
      user_id: t.clinicA.practitioners[1].id,
      user_type: "Practitioner",
    });
    expect(res.status).toBe(422);
  });

  it("clinic-level: user_id and user_type are required and name a user of the clinic (spec 5.5)", async () => {
    const g = await grant(clinicToken, { user_id: t.clinicA.practitioners[1].id, user_type: "Practitioner" });
    expect(g.user.id).toBe(t.clinicA.practitioners[1].id);
  });

  it.each([
    ["no fields", {}, "user_id"],
    ["no user_type", { user_id: "x" }, "user_type"],
    ["a bad user_type", { user_id: "x", user_type: "Admin" }, "user_type"],
    ["a user of another clinic", { user_id: "other", user_type: "Practitioner" }, "user_id"],
  ])("clinic-level: refuses %s", async (_label, body, field) => {
    const b = body as Record<string, string>;
    if (b.user_id === "other") b.user_id = t.clinicB.practitioners[0].id;
    const res = await t.client.api(clinicToken, "POST", "/api/clinic/embeddable/session_grants", b);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ errors: expect.arrayContaining([expect.objectContaining({ field })]) });
  });
});

describe("spec 3 session grant states and the embed page", () => {
  it("claims within 120 s: sets claimed_at, shows who is signed in, CSP allows only the origin", async () => {
    const g = await grant(practitionerToken);
    const res = await open(g);
    expect(res.status).toBe(200);
    expect(res.text).toContain("Signed in as");
    expect(res.text).toContain(t.clinicA.practitioners[0].first_name);
    expect(res.headers.get("content-security-policy")).toContain(`frame-ancestors ${ORIGIN}`);
    expect(res.text).toContain(EMBED_MESSAGE_TYPES.ready);
    expect(res.text).not.toMatch(/postMessage\([^)]*"\*"\)/);
    const view = await t.client.control<{ session_grant: { claimed_at: string | null } }>(`/grants/${g.id}`);
    expect(view.body.session_grant.claimed_at).not.toBeNull();
  });

  it("opens on the patient named by patient_id when they are of the clinic, and ignores any other", async () => {
    const patientsSeenBy = async (token: string) =>
      (await t.client.api(token, "GET", "/api/clinic/patients")).body as { patients: { id: string }[] };
    const [, own] = (await patientsSeenBy(practitionerToken)).patients;
    const [foreign] = (await patientsSeenBy((await t.client.signIn(t.clinicB.practitioners[0].id)).access_token))
      .patients;
    const selected = (html: string) => /<option value="([^"]+)" selected>/.exec(html)?.[1] ?? null;

    const page = await http(
      embedUrlForPatient(embedUrl(t.client.url, (await grant(practitionerToken)).secret_token, ORIGIN), own.id),
    );
    expect(page.status).toBe(200);
    expect(selected(page.text)).toBe(own.id);
    const other = await http(
      embedUrlForPatient(embedUrl(t.client.url, (await grant(practitionerToken)).secret_token, ORIGIN), foreign.id),
    );
    expect(other.status).toBe(200);
    expect(selected(other.text)).toBeNull();
    expect(other.text).not.toContain(foreign.id);
  });

  it("refuses a used grant", async () => {
    const g = await grant(practitionerToken);
    await open(g);
    const again = await open(g);
    expect(again.status).toBe(410);
    expect(again.text).toContain("already used");
    expect(again.text).toContain("grant_used");
  });

  it("refuses an expired grant (121 s)", async () => {
    const g = await grant(practitionerToken);
    t.sb.state.clock.advance(121);
    const res = await open(g);
    expect(res.status).toBe(410);
    expect(res.text).toContain("expired");
    const view = await t.client.control<{ session_grant: { claimed_at: string | null } }>(`/grants/${g.id}`);
    expect(view.body.session_grant.claimed_at).toBeNull();
  });

  it.each([
    ["an unknown token", "sgt_unknown", ORIGIN, 404],
    ["a missing origin", "", "", 400],
    ["an origin with a path", "", "http://localhost:3000/embedded", 400],
    ["an unregistered origin", "", "https://evil.example", 403],
  ])("refuses %s", async (_label, token, origin, status) => {
    const g = await grant(practitionerToken);
    const res = await http(
      `${t.client.url}/embed?secret_token=${encodeURIComponent(token || g.secret_token)}&origin=${encodeURIComponent(origin)}`,
    );
    expect(res.status).toBe(status);
    if (status !== 404) expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("activating a plan in the builder creates it and emits treatment_plan.created; a draft emits nothing", async () => {
    const g = await grant(practitionerToken);
    const page = await open(g);
    const session = /"session":"([^"]+)"/.exec(page.text)?.[1] ?? "";
    const patient = t.sb.state.patientsOf(t.clinicA.id)[0];
    const product = [...t.sb.state.products.values()].find((p) => p.clinicId === t.clinicA.id);
    const post = (body: unknown) =>
      http<{ treatment_plan: { id: string; state: string } }>(`${t.client.url}/embed/api/treatment_plans`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-embed-session": session },
        body: JSON.stringify(body),
      });
    const before = t.sb.state.events.length;
    const draft = await post({
      action: "draft",
      patient_id: patient.id,
      recommendations: [{ product_id: product?.id, dosage: "1 daily" }],
    });
    expect(draft.body.treatment_plan.state).toBe("draft");
    expect(t.sb.state.events.length).toBe(before);
    const active = await post({
      action: "activate",
      treatment_plan_id: draft.body.treatment_plan.id,
      patient_id: patient.id,
      recommendations: [{ product_id: product?.id }],
    });
    expect(active.status).toBe(201);
    expect(active.body.treatment_plan.state).toBe("active");
    const last = t.sb.state.events[t.sb.state.events.length - 1];
    expect(last.type).toBe("treatment_plan.created");
    expect(
      (
        await http(`${t.client.url}/embed/api/treatment_plans`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        })
      ).status,
    ).toBe(401);
  });
});
