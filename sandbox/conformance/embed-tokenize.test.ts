// The embed library's side channels, as the platform documents them: POST /api/embeddable/tokenize
// (CORS for the registered origins, clear refusals, a single-use token that expires, bound to the
// origin that asked), the feature pages opening on the patient a data token names, and the
// `platform` feature's page with its catalog and labs entry points. The old `patient[id]` address
// parameter opens nobody.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EMBED_EVENTS,
  EMBED_TOKENIZE_PATH,
  LOCAL_DEFAULTS,
  SessionGrantSchema,
  embedUrl,
  readEmbedMessage,
  type EmbedAddress,
} from "@/lib/contract";
import { http, startTestSandbox } from "../testing/harness";

let t: Awaited<ReturnType<typeof startTestSandbox>>;
let token: string;
const ORIGIN = "http://localhost:3000";
const REGISTERED = "https://clinic.example";
const FRAME_ID = "frame-1";
beforeAll(async () => {
  t = await startTestSandbox();
  token = (await t.client.signIn(t.clinicA.practitioners[0].id)).access_token;
  await t.client.control("/redirect-uris", {
    client_id: LOCAL_DEFAULTS.clientId,
    redirect_uri: `${REGISTERED}/api/auth/callback/clinic`,
  });
});
afterAll(() => t.close());

const ownPatients = () => t.sb.state.patientsOf(t.clinicA.id);
const foreignPatient = () => t.sb.state.patientsOf(t.clinicB.id)[0];

async function tokenize(body: unknown, origin: string | null = ORIGIN, contentType = "application/json") {
  const headers: Record<string, string> = { "content-type": contentType };
  if (origin) headers.origin = origin;
  return http<{ data_token?: string; errors?: { code: string; field?: string; message: string }[] }>(
    `${t.client.url}${EMBED_TOKENIZE_PATH}`,
    { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) },
  );
}

async function dataToken(data: Record<string, unknown>, origin = ORIGIN): Promise<string> {
  const res = await tokenize({ data }, origin);
  expect(res.status).toBe(201);
  return res.body.data_token ?? "";
}

/** A feature page's address with a fresh grant, as the library builds it. */
async function freshAddress(over: Partial<EmbedAddress> = {}) {
  const res = await t.client.api(token, "POST", "/api/clinic/embeddable/session_grants", {});
  const grant = SessionGrantSchema.parse(res.body);
  const address = embedUrl({
    webUrl: t.client.url,
    secretToken: grant.secret_token,
    publicKey: LOCAL_DEFAULTS.embedPublicKey,
    frameId: FRAME_ID,
    targetOrigin: ORIGIN,
    ...over,
  });
  return { address, grantId: grant.id };
}

/** Opens a feature's page with a fresh grant. */
async function openPage(over: Partial<EmbedAddress> = {}) {
  const { address, grantId } = await freshAddress(over);
  return { page: await http(address), grantId, path: new URL(address).pathname };
}

const configOf = (html: string) =>
  JSON.parse(/<script id="embed-config" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? "null") as {
    selected: Record<string, unknown>;
    preselected: string | null;
  };
const selectedOption = (html: string) => /<option value="([^"]+)" selected>/.exec(html)?.[1] ?? null;
const note = (html: string) => /<p id="patient-note" role="note">(.*?)<\/p>/s.exec(html)?.[1] ?? null;

describe("POST /api/embeddable/tokenize", () => {
  it.each([
    ["the local app on a loopback port", "http://127.0.0.1:3200"],
    ["an origin of a registered redirect URI", REGISTERED],
  ])("answers the preflight of %s", async (_label, origin) => {
    const res = await http(`${t.client.url}${EMBED_TOKENIZE_PATH}`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe(origin);
    expect(res.headers.get("access-control-allow-methods")).toBe("POST");
    expect(res.headers.get("access-control-allow-headers")?.toLowerCase()).toBe("content-type");
  });

  it("refuses the preflight of an unregistered origin, without CORS headers", async () => {
    const res = await http(`${t.client.url}${EMBED_TOKENIZE_PATH}`, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("answers a single data token for the details, readable by the origin that asked", async () => {
    const res = await tokenize({ data: { id: ownPatients()[0].id, first_name: "Ada", date_of_birth: "1980-02-01" } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(["data_token"]);
    expect(res.body.data_token).toMatch(/^dtk_[\w-]{20,}$/);
    expect(res.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    // Never the details themselves.
    expect(res.text).not.toContain("Ada");
  });

  const refusals: Array<[string, unknown, string | null, string, number, string | null, RegExp]> = [
    ["no Origin header", { data: { id: "p" } }, null, "application/json", 403, null, /registered origin/],
    ["an unregistered origin", { data: { id: "p" } }, "https://evil.example", "application/json", 403, null, /Origin/],
    ["a body that is not JSON", "{", ORIGIN, "application/json", 400, null, /not valid JSON/],
    ["a form body", "id=p", ORIGIN, "application/x-www-form-urlencoded", 415, null, /application\/json/],
    ["details not under data", { id: "p" }, ORIGIN, "application/json", 422, "data", /details as \{"data"/],
    ["no data", {}, ORIGIN, "application/json", 422, "data", /data/],
    ["empty data", { data: {} }, ORIGIN, "application/json", 422, "data", /patient's details/],
    ["a camelCased field", { data: { firstName: "Ada" } }, ORIGIN, "application/json", 422, "firstName", /Unknown/],
    ["a bad email", { data: { email: "ada-at-example" } }, ORIGIN, "application/json", 422, "data.email", /email/],
    [
      "a bad date of birth",
      { data: { date_of_birth: "01/02/1980" } },
      ORIGIN,
      "application/json",
      422,
      "data.date_of_birth",
      /date_of_birth/,
    ],
    ["a discount over 100", { data: { discount: 150 } }, ORIGIN, "application/json", 422, "data.discount", /discount/],
    ["an unknown gender", { data: { gender: "x" } }, ORIGIN, "application/json", 422, "data.gender", /gender/],
  ];
  it.each(refusals)("refuses %s", async (_label, body, origin, type, status, field, message) => {
    const res = await tokenize(body, origin, type);
    expect(res.status).toBe(status);
    const [error] = res.body.errors ?? [];
    expect(error.message).toMatch(message);
    if (field) expect(error.field).toBe(field);
    // A registered origin can read the refusal; another cannot.
    expect(res.headers.get("access-control-allow-origin")).toBe(origin === ORIGIN ? ORIGIN : null);
  });
});

describe("a feature's page opened with a data token", () => {
  it("opens the builder on the patient the id names, and posts patient.selected for them", async () => {
    const patient = ownPatients()[1];
    const { page } = await openPage({ dataToken: await dataToken({ id: patient.id, first_name: patient.firstName }) });
    expect(page.status).toBe(200);
    expect(selectedOption(page.text)).toBe(patient.id);
    expect(note(page.text)).toBeNull();
    const config = configOf(page.text);
    expect(config.preselected).toBe(patient.id);
    expect(readEmbedMessage(config.selected[patient.id], FRAME_ID)).toMatchObject({
      event: EMBED_EVENTS.patientSelected,
      patient: { id: patient.id, firstName: patient.firstName, lastName: patient.lastName },
    });
  });

  it("selects the patient whose email the details carry, when they carry no id", async () => {
    const patient = ownPatients().find((p) => p.email) ?? ownPatients()[0];
    const { page } = await openPage({ dataToken: await dataToken({ email: (patient.email ?? "").toUpperCase() }) });
    expect(selectedOption(page.text)).toBe(patient.id);
  });

  const unselected: Array<[string, () => Promise<string>, RegExp | null]> = [
    ["no token at all (the library was given no patient)", async () => "", null],
    ["the library's 'null' (its tokenize call failed)", async () => "null", null],
    ["an unknown token", async () => "dtk_unknown", /not recognised/],
    ["a patient of another clinic", async () => dataToken({ id: foreignPatient().id }), /not a patient of this clinic/],
    [
      "details that match nobody",
      async () => dataToken({ first_name: "Grace", last_name: "Hopper", email: "grace@example.org" }),
      /No patient of this clinic matches the details sent \(Grace Hopper, grace@example\.org\)/,
    ],
    [
      "a used token",
      async () => {
        const used = await dataToken({ id: ownPatients()[0].id });
        await openPage({ dataToken: used });
        return used;
      },
      /already used/,
    ],
    [
      "a token older than 10 minutes",
      async () => {
        const old = await dataToken({ id: ownPatients()[0].id });
        t.sb.state.clock.advance(601);
        return old;
      },
      /expired/,
    ],
    [
      "a token another origin asked for",
      async () => dataToken({ id: ownPatients()[0].id }, REGISTERED),
      /another site/,
    ],
  ];
  it.each(unselected)("opens the builder on nobody for %s", async (_label, make, said) => {
    const value = await make();
    const { page } = await openPage(value ? { dataToken: value } : {});
    expect(page.status).toBe(200);
    expect(selectedOption(page.text)).toBeNull();
    expect(configOf(page.text).preselected).toBeNull();
    if (said) expect(note(page.text)).toMatch(said);
    else expect(note(page.text)).toBeNull();
    expect(page.text).not.toContain(foreignPatient().id);
  });

  it("ignores the old patient[id] parameter", async () => {
    const patient = ownPatients()[0];
    const { address } = await freshAddress();
    const page = await http(`${address}&patient%5Bid%5D=${patient.id}`);
    expect(page.status).toBe(200);
    expect(selectedOption(page.text)).toBeNull();
  });
});

describe("the platform feature's page", () => {
  it.each([
    ["catalog", "Catalog", "Products"],
    ["labs", "Labs", "Lab tests"],
  ] as const)("opens on %s, claiming the grant, for the tokenized patient", async (entrypoint, title, list) => {
    const patient = ownPatients()[2];
    const { page, grantId, path } = await openPage({
      feature: "platform",
      entrypoint,
      dataToken: await dataToken({ id: patient.id }),
    });
    expect(page.status).toBe(200);
    expect(path).toBe("/api/embeddable/session/embed/entry");
    expect(page.text).toContain(`<h1>${title}</h1>`);
    expect(page.text).toContain(`aria-label="${list}"`);
    expect(page.text).toContain(`For <strong>${patient.firstName} ${patient.lastName}</strong>`);
    expect(page.headers.get("content-security-policy")).toContain(`frame-ancestors ${ORIGIN}`);
    const view = await t.client.control<{ session_grant: { claimed_at: string | null } }>(`/grants/${grantId}`);
    expect(view.body.session_grant.claimed_at).not.toBeNull();
  });

  it("lists the clinic's products in the catalog, and opens on nobody without a token", async () => {
    const { page } = await openPage({ feature: "platform", entrypoint: "catalog" });
    const product = [...t.sb.state.products.values()].find((p) => p.clinicId === t.clinicA.id);
    expect(page.text).toContain(product?.name ?? "no product seeded");
    expect(page.text).not.toContain('id="for-patient"');
  });

  it("refuses a used grant as the builder does", async () => {
    const { address } = await freshAddress({ feature: "platform", entrypoint: "labs" });
    expect((await http(address)).status).toBe(200);
    const again = await http(address);
    expect(again.status).toBe(410);
    expect(again.text).toContain("already used");
  });
});
