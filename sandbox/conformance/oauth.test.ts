// Spec 2.1, 3 (authorization code, access token), 4.1 and 5: the OAuth flow and its rejections.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS, OAuthErrorBodySchema, TokenResponseSchema } from "@/lib/contract";
import { CALLBACK, http, startTestSandbox } from "../testing/harness";

let t: Awaited<ReturnType<typeof startTestSandbox>>;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const app = { client_id: LOCAL_DEFAULTS.clientId, client_secret: LOCAL_DEFAULTS.clientSecret };
const practitioner = () => t.clinicA.practitioners[0].id;

describe("spec 2.1 token response", () => {
  it("nests the token under `oauth` with Bearer, 7200 s, created_at and resource_owner", async () => {
    const code = await t.client.authorize(practitioner());
    const res = await t.client.token({ grant_type: "authorization_code", ...app, code, redirect_uri: CALLBACK });
    expect(res.status).toBe(200);
    const { oauth } = TokenResponseSchema.parse(res.body);
    expect(oauth.token_type).toBe("Bearer");
    expect(oauth.expires_in).toBe(7200);
    expect(oauth.resource_owner).toEqual({ id: practitioner(), type: "Practitioner" });
    expect(oauth.scope.length).toBeGreaterThan(0);
  });

  it("reports Staff as the resource_owner type for staff", async () => {
    const oauth = await t.client.signIn(t.clinicA.staff[0].id);
    expect(oauth.resource_owner.type).toBe("Staff");
  });
});

describe("authorize endpoint (spec 5.1, docs/platform-api.md)", () => {
  it("shows a sign-in page listing each clinic's practitioners and staff", async () => {
    const q = new URLSearchParams({
      client_id: app.client_id,
      redirect_uri: CALLBACK,
      response_type: "code",
      state: "s",
    });
    const res = await http(`${t.client.url}/api/oauth/authorize?${q}`);
    expect(res.status).toBe(200);
    for (const c of [t.clinicA, t.clinicB]) {
      expect(res.text).toContain(c.name);
      for (const p of c.practitioners)
        expect(res.text).toContain(`Sign in as ${p.first_name} ${p.last_name} (Practitioner)`);
    }
  });

  it.each([
    ["an unregistered redirect_uri", "https://evil.example/callback"],
    ["a loopback uri on another path", "http://localhost:3000/other"],
  ])("refuses %s with a page and no redirect", async (_label, redirectUri) => {
    const q = new URLSearchParams({ client_id: app.client_id, redirect_uri: redirectUri, response_type: "code" });
    const res = await http(`${t.client.url}/api/oauth/authorize?${q}`);
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(res.text).toContain("not registered");
  });

  it("accepts the loopback callback on any port and returns state", async () => {
    const code = await t.client.authorize(
      practitioner(),
      app.client_id,
      "http://127.0.0.1:4567/api/auth/callback/clinic",
      "abc",
    );
    expect(code).toMatch(/^code_/);
  });

  it("redirects with access_denied when the person denies", async () => {
    const form = new URLSearchParams({
      client_id: app.client_id,
      redirect_uri: CALLBACK,
      response_type: "code",
      state: "z",
      decision: "deny",
    });
    const res = await http(`${t.client.url}/api/oauth/authorize`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    const location = new URL(res.headers.get("location") ?? "");
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("state")).toBe("z");
  });
});

describe("spec 3 / 4.1 authorization code", () => {
  it("exchanges with a form-encoded body and HTTP Basic client authentication", async () => {
    const code = await t.client.authorize(practitioner());
    const res = await http(`${t.client.url}/api/oauth/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${app.client_id}:${app.client_secret}`).toString("base64")}`,
      },
      body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: CALLBACK }).toString(),
    });
    expect(res.status).toBe(200);
  });

  it("refuses a reused code (single use) with invalid_grant and revokes what it issued", async () => {
    const code = await t.client.authorize(practitioner());
    const first = await t.client.token({ grant_type: "authorization_code", ...app, code, redirect_uri: CALLBACK });
    const token = TokenResponseSchema.parse(first.body).oauth.access_token;
    const again = await t.client.token({ grant_type: "authorization_code", ...app, code, redirect_uri: CALLBACK });
    expect(again.status).toBe(400);
    expect(OAuthErrorBodySchema.parse(again.body).error).toBe("invalid_grant");
    expect((await t.client.api(token, "GET", "/api/clinic")).status).toBe(401);
  });

  it("refuses a code older than 10 minutes", async () => {
    const code = await t.client.authorize(practitioner());
    t.sb.state.clock.advance(601);
    const res = await t.client.token({ grant_type: "authorization_code", ...app, code, redirect_uri: CALLBACK });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "invalid_grant" });
  });

  it("accepts a code just under 10 minutes old", async () => {
    const code = await t.client.authorize(practitioner());
    t.sb.state.clock.advance(590);
    const res = await t.client.token({ grant_type: "authorization_code", ...app, code, redirect_uri: CALLBACK });
    expect(res.status).toBe(200);
  });

  const rejections: [string, (code: string) => Record<string, string>, number, string][] = [
    [
      "another redirect_uri",
      (code) => ({
        grant_type: "authorization_code",
        ...app,
        code,
        redirect_uri: "http://localhost:3001/api/auth/callback/clinic",
      }),
      400,
      "invalid_grant",
    ],
    [
      "another client",
      (code) => ({
        grant_type: "authorization_code",
        client_id: LOCAL_DEFAULTS.clinicLevelClientId,
        client_secret: LOCAL_DEFAULTS.clinicLevelClientSecret,
        code,
        redirect_uri: CALLBACK,
      }),
      400,
      "invalid_grant",
    ],
    [
      "a wrong client secret",
      (code) => ({
        grant_type: "authorization_code",
        client_id: app.client_id,
        client_secret: "nope",
        code,
        redirect_uri: CALLBACK,
      }),
      401,
      "invalid_client",
    ],
    [
      "a missing client secret",
      (code) => ({ grant_type: "authorization_code", client_id: app.client_id, code, redirect_uri: CALLBACK }),
      401,
      "invalid_client",
    ],
    [
      "an unknown code",
      () => ({ grant_type: "authorization_code", ...app, code: "code_unknown", redirect_uri: CALLBACK }),
      400,
      "invalid_grant",
    ],
    [
      "a missing code",
      () => ({ grant_type: "authorization_code", ...app, redirect_uri: CALLBACK }),
      400,
      "invalid_request",
    ],
    ["a missing redirect_uri", (code) => ({ grant_type: "authorization_code", ...app, code }), 400, "invalid_request"],
    [
      "a missing client_id",
      (code) => ({ grant_type: "authorization_code", client_secret: app.client_secret, code, redirect_uri: CALLBACK }),
      400,
      "invalid_request",
    ],
    [
      "no client_id nor client_secret",
      (code) => ({ grant_type: "authorization_code", code, redirect_uri: CALLBACK }),
      400,
      "invalid_request",
    ],
    ["an unsupported grant_type", (code) => ({ grant_type: "password", ...app, code }), 400, "unsupported_grant_type"],
    ["no grant_type", (code) => ({ ...app, code }), 400, "invalid_request"],
  ];
  it.each(rejections)("refuses %s", async (_label, build, status, error) => {
    const code = await t.client.authorize(practitioner());
    const res = await t.client.token(build(code));
    expect(res.status).toBe(status);
    expect(OAuthErrorBodySchema.parse(res.body).error).toBe(error);
  });
});

describe("spec 3 / 5.2 access token lifetime and refresh", () => {
  it("expires the access token after 7200 s and refreshes with rotation", async () => {
    const oauth = await t.client.signIn(practitioner());
    t.sb.state.clock.advance(7199);
    expect((await t.client.api(oauth.access_token, "GET", "/api/clinic")).status).toBe(200);
    t.sb.state.clock.advance(2);
    const expired = await t.client.api(oauth.access_token, "GET", "/api/clinic");
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ errors: [{ code: "token_expired" }] });
    expect(expired.headers.get("www-authenticate")).toContain("invalid_token");

    const before = t.sb.state.stats.token_refreshes_succeeded;
    const refreshed = await t.client.token({
      grant_type: "refresh_token",
      ...app,
      refresh_token: oauth.refresh_token,
      redirect_uri: CALLBACK,
    });
    expect(refreshed.status).toBe(200);
    const next = TokenResponseSchema.parse(refreshed.body).oauth;
    expect(next.refresh_token).not.toBe(oauth.refresh_token);
    expect(t.sb.state.stats.token_refreshes_succeeded).toBe(before + 1);
    expect((await t.client.api(next.access_token, "GET", "/api/clinic")).status).toBe(200);

    const spent = await t.client.token({ grant_type: "refresh_token", ...app, refresh_token: oauth.refresh_token });
    expect(spent.status).toBe(400);
    expect(spent.body).toMatchObject({ error: "invalid_grant" });
  });

  it("stops the previous access token once refreshed", async () => {
    const oauth = await t.client.signIn(practitioner());
    await t.client.token({ grant_type: "refresh_token", ...app, refresh_token: oauth.refresh_token });
    expect((await t.client.api(oauth.access_token, "GET", "/api/clinic")).status).toBe(401);
  });

  it("refuses another application's refresh token", async () => {
    const oauth = await t.client.signIn(practitioner());
    const res = await t.client.token({
      grant_type: "refresh_token",
      client_id: LOCAL_DEFAULTS.clinicLevelClientId,
      client_secret: LOCAL_DEFAULTS.clinicLevelClientSecret,
      refresh_token: oauth.refresh_token,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "invalid_grant" });
  });

  it("expires tokens at once through the expire_tokens fault", async () => {
    const oauth = await t.client.signIn(practitioner());
    await t.client.control("/faults", { expire_tokens: true });
    expect((await t.client.api(oauth.access_token, "GET", "/api/clinic")).body).toMatchObject({
      errors: [{ code: "token_expired" }],
    });
  });
});

describe("revoke (docs/platform-api.md)", () => {
  it("answers 200 {} and ends both the access and the refresh token", async () => {
    const oauth = await t.client.signIn(practitioner());
    const res = await http(`${t.client.url}/api/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...app, token: oauth.access_token }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect((await t.client.api(oauth.access_token, "GET", "/api/clinic")).status).toBe(401);
    expect(
      (await t.client.token({ grant_type: "refresh_token", ...app, refresh_token: oauth.refresh_token })).status,
    ).toBe(400);
  });

  it("answers 200 for an unknown token and 401 for a bad client", async () => {
    const ok = await http(`${t.client.url}/api/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...app, token: "unknown" }),
    });
    expect(ok.status).toBe(200);
    const bad = await http(`${t.client.url}/api/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_id: app.client_id, client_secret: "x", token: "unknown" }),
    });
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ error: "invalid_client" });
  });
});

describe("spec 5.3 bearer authentication", () => {
  it.each([
    ["no Authorization header", null],
    ["an unknown token", "at_unknown"],
  ])("refuses %s with 401 and an API error body", async (_label, token) => {
    const res = await t.client.api(token, "GET", "/api/clinic/patients");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ errors: [{ code: "unauthorized" }] });
  });
});
