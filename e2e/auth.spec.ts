// Sign-in is the platform's OAuth: through the sandbox's authorize page as a practitioner and as a
// staff member; no platform token reaches the browser (HTML, JS, JSON or cookies); sign-out revokes
// the token at the platform.
import { expect, test, type Page } from "@playwright/test";
import { PRACTITIONER, SANDBOX, STAFF, currentSession as session, signInAs, signOut } from "./support/session";

// The sandbox's tokens look like at_<32 chars> / rt_<32 chars> (sandbox/core/random.ts).
const TOKEN_PATTERN = /\b(at|rt)_[A-Za-z0-9_-]{32}\b/;

async function stats(page: Page): Promise<{ revocations: number; code_exchanges_succeeded: number }> {
  const response = await page.request.get(`${SANDBOX}/__sandbox/stats`);
  return (await response.json()).stats;
}

for (const [label, who, roles] of [
  ["a practitioner", PRACTITIONER, ["Admin", "Practitioner"]],
  ["a staff member", STAFF, ["Admin", "Staff"]],
] as const) {
  test(`signs in as ${label}; no token reaches the browser; sign-out revokes`, async ({ page, context }) => {
    const before = await stats(page);
    const seen = await signInAs(page, who);

    const current = await session(page);
    expect(roles).toContain(current.user?.role);
    expect(current.user?.clinicId).toBeTruthy();
    expect((await stats(page)).code_exchanges_succeeded).toBe(before.code_exchanges_succeeded + 1);

    const cookies = await context.cookies();
    seen.push(JSON.stringify(cookies), JSON.stringify(current));
    for (const text of seen) expect(text).not.toMatch(TOKEN_PATTERN);
    expect(seen.join("\n")).not.toMatch(/access_token|refresh_token/);

    await signOut(page);
    expect((await session(page)).user).toBeUndefined();
    expect((await stats(page)).revocations).toBeGreaterThan(before.revocations);
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
