// Sign-in is the platform's OAuth: through the sandbox's authorize page as a practitioner and as a
// staff member; no platform token reaches the browser (HTML, JS, JSON, server-action answers or
// cookies) on any page the user can open; the header's sign-out button revokes the user's token
// pair at the platform.
import { expect, test, type Page } from "@playwright/test";
import { E2E_ENV } from "@/tooling/testing/e2e-stacks";
import { PRACTITIONER, SANDBOX, STAFF, currentSession as session, signInAs } from "./support/session";

// The sandbox's tokens look like at_<32 chars> / rt_<32 chars> (sandbox/core/random.ts).
const TOKEN_PATTERN = /\b(at|rt)_[A-Za-z0-9_-]{32}\b/;

async function stats(
  page: Page,
): Promise<{ revocations: number; code_exchanges_succeeded: number; code_exchanges_failed: number }> {
  const response = await page.request.get(`${SANDBOX}/__sandbox/stats`);
  return (await response.json()).stats;
}

/** Every section the signed-in user can reach; each page's own requests (server actions) included. */
const PAGES = [
  "/",
  "/resources",
  "/patients",
  "/events",
  "/embedded",
  "/admin",
  "/admin/accounts",
  "/admin/clinic-key",
  "/admin/webhooks",
  "/admin/reconciliation",
  "/admin/environment",
  "/admin/platform-changes",
  "/admin/settings",
  "/admin/alerts",
  "/admin/audit",
];

for (const [label, who, roles] of [
  ["a practitioner", PRACTITIONER, ["Practitioner"]],
  ["a staff member", STAFF, ["Admin", "Staff"]],
] as const) {
  test(`signs in as ${label}; no token reaches the browser; sign-out revokes`, async ({ page, context }) => {
    test.setTimeout(150_000); // the staff member is the clinic's admin: every page of the console, each to network idle
    const before = await stats(page);
    const seen = await signInAs(page, who);

    const current = await session(page);
    expect(roles).toContain(current.user?.role);
    expect(current.user?.clinicId).toBeTruthy();
    expect((await stats(page)).code_exchanges_succeeded).toBe(before.code_exchanges_succeeded + 1);

    for (const path of PAGES) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    const cookies = await context.cookies();
    seen.push(
      { url: "cookies", type: "cookies", text: JSON.stringify(cookies) },
      { url: "/api/auth/session", type: "json", text: JSON.stringify(current) },
    );
    expect(seen.filter((r) => r.type !== "headers").length).toBeGreaterThan(PAGES.length);
    for (const { url, text } of seen) expect(text, url).not.toMatch(TOKEN_PATTERN);
    // Field names too, except in script bundles: they carry the shared contract's schema code.
    for (const { url, type, text } of seen.filter((r) => !r.type.includes("javascript")))
      expect(text, `${url} (${type})`).not.toMatch(/access_token|refresh_token/);

    // Counted after sign-in: what changes now is the sign-out's doing alone.
    const signedIn = await stats(page);
    await page.goto("/");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/signin\?reason=signedout/);
    expect((await session(page)).user).toBeUndefined();
    // The refresh token and the access token, one revocation each.
    expect((await stats(page)).revocations).toBe(signedIn.revocations + 2);
  });
}

test("the sign-in page explains a failed sign-in without echoing the raw error", async ({ page }) => {
  await page.goto("/signin?error=%3Cb%3Eboom%3C%2Fb%3E");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(/Signing in did not work/);
  await expect(page.getByText("<b>boom</b>")).toHaveCount(0);
});

test("the sign-in page asks to reconnect a broken connection", async ({ page }) => {
  await page.goto("/signin?reason=broken");
  await expect(page.getByRole("status")).toHaveText(/Sign in again/);
});

test("a callback replayed with the same state and cookie is refused before a second code exchange", async ({
  page,
  context,
  browser,
}) => {
  let callback = "";
  page.on("request", (r) => {
    if (!callback && r.url().startsWith(`${E2E_ENV.APP_URL}/api/auth/callback/clinic?`)) callback = r.url();
  });
  await page.goto("/signin");
  await page.getByRole("button", { name: "Sign in with the platform" }).click();
  await page.waitForURL(`${SANDBOX}/api/oauth/authorize**`);
  // What a copy of the browser holds before the callback: next-auth's state cookie among them.
  const copied = (await context.cookies(E2E_ENV.APP_URL)).filter((c) => c.name.startsWith("next-auth."));
  expect(copied.map((c) => c.name)).toContain("next-auth.state");
  // The third practitioner of the first clinic: never its admin, whoever signed in first.
  await page.getByRole("group").nth(0).getByRole("button", { name: PRACTITIONER }).nth(2).click();
  await page.waitForURL(`${E2E_ENV.APP_URL}/**`);
  await expect(page).not.toHaveURL(/\/signin/);
  expect(callback).not.toBe("");
  const before = await stats(page);
  const replay = await browser.newContext();
  await replay.addCookies(copied);
  const replayed = await replay.newPage();
  await replayed.goto(callback);
  await expect(replayed).toHaveURL(/\/signin\?(.*&)?error=OAuthCallback(&|$)/);
  const after = await stats(page);
  expect([after.code_exchanges_succeeded, after.code_exchanges_failed]).toEqual([
    before.code_exchanges_succeeded,
    before.code_exchanges_failed,
  ]);
  expect(await (await replayed.request.get("/api/auth/session")).json()).toEqual({});
  await replay.close();
});
