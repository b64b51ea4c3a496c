// Hostile input to signing in and out: the platform's callback must sign nobody in on a bad or
// missing state or code, a forged or ended session cookie is no session, a sign-out needs its CSRF
// token, and the sign-in pages' and next-auth's routes answer their rows (route-rows/sign-in.ts).
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { signInMessage } from "@/app/signin/messages";
import en from "@/messages/en.json" with { type: "json" };
import { LOCAL_DEFAULTS } from "@/lib/contract/local-defaults";
import { E2E_ENV } from "@/tooling/testing/e2e-stacks";
import { fingerprint } from "../support/fingerprint";
import { SANDBOX } from "../support/session";
import { FORGED, forgedSession, testRouteRows } from "./route-rows/row";
import { SIGN_IN_ROUTE_ROWS } from "./route-rows/sign-in";
import { cast, castPerFile, expectNoLeak, HTML, SQL } from "./setup";

castPerFile();

testRouteRows(SIGN_IN_ROUTE_ROWS);

/** `text` as React renders it into HTML (apostrophes escaped). */
const htmlText = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/'/g, "(?:'|&#x27;|&#39;)"));

/** A browser-like client that started a sign-in: it holds next-auth's state cookie. */
async function startSignIn(): Promise<{
  api: APIRequestContext;
  state: string;
  realCode: (userId: string) => Promise<string>;
}> {
  const api = await playwrightRequest.newContext({ baseURL: E2E_ENV.APP_URL });
  const { csrfToken } = (await (await api.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const started = await api.post("/api/auth/signin/clinic", { form: { csrfToken, callbackUrl: "/" }, maxRedirects: 0 });
  const authorize = new URL(started.headers().location ?? "");
  const state = authorize.searchParams.get("state") ?? "";
  expect(state).not.toBe("");
  const realCode = async (userId: string) => {
    const form = {
      client_id: LOCAL_DEFAULTS.clientId,
      redirect_uri: `${E2E_ENV.APP_URL}/api/auth/callback/clinic`,
      response_type: "code",
      state,
      user_id: userId,
    };
    const decided = await api.post(`${SANDBOX}/api/oauth/authorize`, { form, maxRedirects: 0 });
    return new URL(decided.headers().location ?? "").searchParams.get("code") ?? "";
  };
  return { api, state, realCode };
}

interface CallbackRow {
  name: string;
  /** The callback's query, from the started sign-in's state and a real code of the platform. */
  query: (s: { state: string; code: string }) => Record<string, string>;
  /** Without next-auth's state cookie (no sign-in was started in this browser). */
  withoutStateCookie?: boolean;
  error: string;
  noEcho?: string[];
}

const CALLBACK_ROWS: CallbackRow[] = [
  {
    name: "code and state without the state cookie",
    withoutStateCookie: true,
    query: ({ state, code }) => ({ code, state }),
    error: "OAuthCallback",
  },
  {
    name: "a real code with another state",
    query: ({ code }) => ({ code, state: "forged-state" }),
    error: "OAuthCallback",
  },
  { name: "a real code without a state", query: ({ code }) => ({ code }), error: "OAuthCallback" },
  { name: "the right state without a code", query: ({ state }) => ({ state }), error: "OAuthCallback" },
  {
    name: "the right state, a code of HTML",
    query: ({ state }) => ({ state, code: "<script>alert(1)</script>" }),
    error: "OAuthCallback",
    noEcho: ["<script>alert(1)</script>", "alert(1)"],
  },
  {
    name: "the right state, a code with SQL",
    query: ({ state }) => ({ state, code: SQL }),
    error: "OAuthCallback",
    noEcho: [SQL],
  },
  {
    name: "the right state, a code of 4000 characters",
    query: ({ state }) => ({ state, code: "c".repeat(4000) }),
    error: "OAuthCallback",
  },
  {
    name: "the right state, a code of unicode",
    query: ({ state }) => ({ state, code: "😀\u202e\u0000" }),
    error: "OAuthCallback",
  },
  {
    name: "the platform's error with HTML in its description",
    query: ({ state }) => ({ state, error: "access_denied", error_description: "<b>boom</b>" }),
    // A denial at the platform is told apart from other failed callbacks (lib/auth/front-door.ts).
    error: "AccessDenied",
    noEcho: ["<b>boom</b>", "boom"],
  },
];

for (const row of CALLBACK_ROWS) {
  test(`GET /api/auth/callback/clinic — ${row.name}: nobody is signed in`, async () => {
    const started = await startSignIn();
    const code = await started.realCode(cast.members.member.platformUserId);
    const before = await fingerprint(cast);
    const api = row.withoutStateCookie ? await playwrightRequest.newContext({ baseURL: E2E_ENV.APP_URL }) : started.api;
    try {
      const response = await api.get(
        `/api/auth/callback/clinic?${new URLSearchParams(row.query({ state: started.state, code }))}`,
      );
      const landed = new URL(response.url());
      expect([landed.pathname, landed.searchParams.get("error")]).toEqual(["/signin", row.error]);
      const text = await response.text();
      expect(text).toMatch(
        htmlText(
          en.signin.errors[
            (signInMessage({ error: row.error })?.key.split(".")[2] ?? "Default") as keyof typeof en.signin.errors
          ],
        ),
      );
      expectNoLeak(text, cast, [...(row.noEcho ?? []), code]);
      expect((await api.storageState()).cookies.map((c) => c.name)).not.toContain("next-auth.session-token");
      expect(await (await api.get("/api/auth/session")).json()).toEqual({});
      expect(await fingerprint(cast)).toEqual(before);
    } finally {
      await started.api.dispose();
      if (api !== started.api) await api.dispose();
    }
  });
}

test("GET /api/auth/callback/<unknown provider> — refused (400), nobody is signed in", async () => {
  const before = await fingerprint(cast);
  const api = await playwrightRequest.newContext({ baseURL: E2E_ENV.APP_URL });
  const response = await api.get(`/api/auth/callback/evil?code=${encodeURIComponent(HTML)}&state=x`);
  expect(response.status()).toBe(400);
  expect(await response.text()).toBe("Error: This action with HTTP GET is not supported by NextAuth.js");
  expectNoLeak(await response.text(), cast, [HTML]);
  expect(await (await api.get("/api/auth/session")).json()).toEqual({});
  await api.dispose();
  expect(await fingerprint(cast)).toEqual(before);
});

test("GET /api/auth/session — a forged session cookie (wrong secret) is no session", async () => {
  const api = await playwrightRequest.newContext({ baseURL: E2E_ENV.APP_URL });
  for (const cookie of [FORGED, await forgedSession(cast)])
    expect(await (await api.get("/api/auth/session", { headers: { Cookie: cookie } })).json()).toEqual({});
  await api.dispose();
});

test("GET /api/auth/session — a cookie copied before its sign-out is no session, and is not renewed", async () => {
  const before = await fingerprint(cast);
  const api = await playwrightRequest.newContext({ baseURL: E2E_ENV.APP_URL });
  const response = await api.get("/api/auth/session", { headers: { Cookie: cast.endedSession } });
  expect(await response.json()).toEqual({});
  expect(response.headers()["set-cookie"] ?? "").not.toMatch(/next-auth\.session-token=ey/);
  await api.dispose();
  expect(await fingerprint(cast)).toEqual(before);
});

test("POST /api/auth/signout — without the CSRF token, nobody is signed out and nothing is revoked", async () => {
  const before = await fingerprint(cast);
  const response = await cast.api.member.post("/api/auth/signout", { form: { json: "true" }, maxRedirects: 0 });
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ url: `${E2E_ENV.APP_URL}/api/auth/signout?csrf=true` });
  expect(((await (await cast.api.member.get("/api/auth/session")).json()) as { user?: { id: string } }).user?.id).toBe(
    cast.members.member.appUserId,
  );
  expect(await fingerprint(cast)).toEqual(before);
});
