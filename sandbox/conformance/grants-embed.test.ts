// Spec 2.3, 3 (session grant), 4.3 and 5.5: session grants, and the embedded feature as the
// platform documents it: the bare grant object; the treatment plan page at the platform's path with
// its parameters; the messages posted only to target_origin.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EMBED_EVENTS,
  EMBED_TREATMENT_PLAN_PATH,
  LOCAL_DEFAULTS,
  SessionGrantSchema,
  embedUrl,
  readEmbedMessage,
  type SessionGrant,
} from "@/lib/contract";
import { EMBED_SAVE_PATH } from "../embed/script";
import { http, startTestSandbox } from "../testing/harness";

let t: Awaited<ReturnType<typeof startTestSandbox>>;
let practitionerToken: string;
let clinicToken: string;
const ORIGIN = "http://localhost:3000";
const FRAME_ID = "frame-1";
beforeAll(async () => {
  t = await startTestSandbox();
  practitionerToken = (await t.client.signIn(t.clinicA.practitioners[0].id)).access_token;
  clinicToken = (await t.client.signIn(t.clinicA.staff[0].id, "clinic")).access_token;
});
afterAll(() => t.close());

const grant = async (token: string, body: Record<string, unknown> = {}): Promise<SessionGrant> => {
  const res = await t.client.api(token, "POST", "/api/clinic/embeddable/session_grants", body);
  expect(res.status).toBe(201);
  // The bare grant object (spec 4.3, the documentation's example): no wrapper, every field of spec 2.3.
  expect(Object.keys(res.body as object).sort()).toEqual(["claimed_at", "expires_at", "id", "secret_token", "user"]);
  return SessionGrantSchema.parse(res.body);
};
const address = (g: SessionGrant, over: Partial<Parameters<typeof embedUrl>[0]> = {}) =>
  embedUrl({
    webUrl: t.client.url,
    secretToken: g.secret_token,
    publicKey: LOCAL_DEFAULTS.embedPublicKey,
    frameId: FRAME_ID,
    targetOrigin: ORIGIN,
    ...over,
  });
const open = (g: SessionGrant) => http(address(g));
/** The page's configuration, which holds the messages it posts and where it posts them. */
const configOf = (html: string) =>
  JSON.parse(/<script id="embed-config" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? "null") as {
    session: string;
    origin: string;
    selected: Record<string, unknown>;
    preselected: string | null;
  };

describe("spec 2.3 / 4.3 session grants", () => {
  it("role-based: the token names the user; expires 120 s after creation; unclaimed", async () => {
    const g = await grant(practitionerToken);
    expect(g.user).toEqual({ id: t.clinicA.practitioners[0].id, type: "Practitioner" });
    expect(g.claimed_at).toBeNull();
    expect(Date.parse(g.expires_at ?? "") - t.sb.state.clock.now()).toBeGreaterThan(118_000);
    expect(Date.parse(g.expires_at ?? "") - t.sb.state.clock.now()).toBeLessThanOrEqual(120_000);
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
    expect(g.user?.id).toBe(t.clinicA.practitioners[1].id);
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
    expect(new URL(address(g)).pathname).toBe("/api/embeddable/session/treatment_plans/new");
    expect(res.status).toBe(200);
    expect(res.text).toContain("Signed in as");
    expect(res.text).toContain(t.clinicA.practitioners[0].first_name);
    expect(res.headers.get("content-security-policy")).toContain(`frame-ancestors ${ORIGIN}`);
    // Messages go to target_origin only, never "*".
    expect(configOf(res.text).origin).toBe(ORIGIN);
    expect(res.text).toContain("window.parent.postMessage(msg, cfg.origin)");
    expect(res.text).not.toMatch(/postMessage\([^)]*"\*"\)/);
    const view = await t.client.control<{ session_grant: { claimed_at: string | null } }>(`/grants/${g.id}`);
    expect(view.body.session_grant.claimed_at).not.toBeNull();
  });

  it("refuses a used grant", async () => {
    const g = await grant(practitionerToken);
    await open(g);
    const again = await open(g);
    expect(again.status).toBe(410);
    expect(again.text).toContain("already used");
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
    ["an unknown token", { secretToken: "sgt_unknown" }, 404, `frame-ancestors ${ORIGIN}`],
    ["a missing target_origin", { targetOrigin: "" }, 400, "frame-ancestors 'none'"],
    ["a target_origin with a path", { targetOrigin: "http://localhost:3000/embedded" }, 400, "frame-ancestors 'none'"],
    ["an unregistered target_origin", { targetOrigin: "https://evil.example" }, 403, "frame-ancestors 'none'"],
    ["a missing frame_id", { frameId: "" }, 400, "frame-ancestors 'none'"],
    [
      "another application's public key",
      { publicKey: LOCAL_DEFAULTS.clinicLevelEmbedPublicKey },
      403,
      `frame-ancestors ${ORIGIN}`,
    ],
    ["no public key", { publicKey: "" }, 403, `frame-ancestors ${ORIGIN}`],
  ])("refuses %s, leaving the grant unclaimed", async (_label, over, status, ancestors) => {
    const g = await grant(practitionerToken);
    const res = await http(address(g, over));
    expect(res.status).toBe(status);
    expect(res.headers.get("content-security-policy")).toContain(ancestors);
    const view = await t.client.control<{ session_grant: { claimed_at: string | null } }>(`/grants/${g.id}`);
    expect(view.body.session_grant.claimed_at).toBeNull();
  });

  it("the old invented /embed page is gone", async () => {
    const g = await grant(practitionerToken);
    const res = await http(`${t.client.url}/embed?secret_token=${g.secret_token}&origin=${encodeURIComponent(ORIGIN)}`);
    expect(res.status).toBe(404);
    expect(EMBED_TREATMENT_PLAN_PATH).not.toBe("/embed");
  });

  it("activating a plan creates it, emits treatment_plan.created and answers treatmentPlan.activated; a draft emits nothing", async () => {
    const g = await grant(practitionerToken);
    const page = await open(g);
    const session = configOf(page.text).session;
    const patient = t.sb.state.patientsOf(t.clinicA.id)[0];
    const product = [...t.sb.state.products.values()].find((p) => p.clinicId === t.clinicA.id);
    const post = (body: unknown) =>
      http<{ treatment_plan: { id: string; state: string }; message?: unknown }>(`${t.client.url}${EMBED_SAVE_PATH}`, {
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
    expect(draft.body.message).toBeUndefined();
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
    // What the page forwards to its parent: the documented message, for its frame, with the plan.
    expect(readEmbedMessage(active.body.message, FRAME_ID)).toMatchObject({
      event: EMBED_EVENTS.treatmentPlanActivated,
      treatmentPlan: { id: draft.body.treatment_plan.id, state: "active", patient: { id: patient.id } },
    });
    expect(
      (
        await http(`${t.client.url}${EMBED_SAVE_PATH}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        })
      ).status,
    ).toBe(401);
  });
});
