// A session ends where access ends, for every copy of its cookie and in every app process: a cookie
// copied before sign-out is refused after it (by a route, a page, a server action and next-auth's
// own session endpoint, which does not renew it), on the process that signed out and on the other
// one of the pair sharing its database. Revocation, a broken connection and demotion are in
// admin.spec.ts, beside the admin console that causes them.
import { expect, request as playwrightRequest, test, type BrowserContext, type Page } from "@playwright/test";
import { PAIR_APPS } from "@/tooling/testing/e2e-stacks";
import { STAFF, signInAs } from "./support/session";
import { decodeAnswer, postAction } from "./support/server-actions";

const [A, B] = PAIR_APPS;
const SIGNED_OUT = "You are signed out. Sign in again to continue.";

/** What a copy of the cookie can still read: the timeline, a page, a server action, the session. */
async function reads(context: BrowserContext, appUrl: string) {
  const request = context.request;
  const events = await request.get(`${appUrl}/api/events`);
  const page: Page = await context.newPage();
  await page.goto(`${appUrl}/events`);
  const onSignIn = new URL(page.url()).pathname === "/signin";
  await page.close();
  const api = await playwrightRequest.newContext({ baseURL: appUrl, storageState: await context.storageState() });
  const action = await decodeAnswer(await postAction(api, "app/patients/actions.ts#loadPatients", [{}]));
  await api.dispose();
  const session = await request.get(`${appUrl}/api/auth/session`);
  return {
    events: events.status(),
    onSignIn,
    action: action.answer.kind === "result" ? (action.answer.value as { message?: string }).message : "other",
    user: ((await session.json()) as { user?: unknown }).user,
    renewed: (session.headers()["set-cookie"] ?? "").includes("next-auth.session-token=ey"),
  };
}

test("a cookie copied before sign-out is refused after it, on both processes, and is not renewed", async ({
  browser,
}) => {
  const original = await browser.newContext({ baseURL: A.url });
  const page = await original.newPage();
  await signInAs(page, STAFF, { appUrl: A.url, nth: 1 });
  const copy = await browser.newContext();
  await copy.addCookies(await original.cookies());

  for (const app of [A, B]) {
    const before = await reads(copy, app.url);
    expect(before, app.name).toMatchObject({ events: 200, onSignIn: false, user: expect.anything() });
    expect(before.action, app.name).not.toBe(SIGNED_OUT);
  }

  const { csrfToken } = await (await page.request.get(`${A.url}/api/auth/csrf`)).json();
  await page.request.post(`${A.url}/api/auth/signout`, { form: { csrfToken, json: "true" } });

  for (const app of [B, A]) {
    expect(await reads(copy, app.url), app.name).toEqual({
      events: 401,
      onSignIn: true,
      action: SIGNED_OUT,
      user: undefined,
      renewed: false,
    });
  }
  await copy.close();
  await original.close();
});
