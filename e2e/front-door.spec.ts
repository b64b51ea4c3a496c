// Getting in: a deep link survives signing in, the app opened by another name of this machine
// (127.0.0.1 for the configured localhost) still signs in, and a denial at the platform is said in
// words with what to do next.
import { expect, test } from "@playwright/test";
import { E2E_APP_PORT, E2E_ENV } from "@/tooling/testing/e2e-stacks";
import { PRACTITIONER, SANDBOX } from "./support/session";

const DEEP_LINK = "/events?category=patients&type=patient.created";

async function chooseAtPlatform(page: import("@playwright/test").Page, name: RegExp | string): Promise<void> {
  await page.waitForURL(`${SANDBOX}/api/oauth/authorize**`);
  await page.getByRole("group").first().getByRole("button", { name }).first().click();
}

test("a signed-out person who opens a deep link lands there after signing in", async ({ page }) => {
  await page.goto(DEEP_LINK);
  await expect(page).toHaveURL(/\/signin\?callbackUrl=/);
  await page.getByRole("button", { name: "Sign in with the platform" }).click();
  await chooseAtPlatform(page, PRACTITIONER);
  await page.waitForURL(`${E2E_ENV.APP_URL}/events**`);
  const landed = new URL(page.url());
  expect(`${landed.pathname}${landed.search}`).toBe(DEEP_LINK);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("opened as 127.0.0.1, the app moves to its configured host first, and signing in works", async ({ page }) => {
  expect(new URL(E2E_ENV.APP_URL).hostname).toBe("localhost");
  await page.goto(`http://127.0.0.1:${E2E_APP_PORT}/signin`);
  await expect(page).toHaveURL(`${E2E_ENV.APP_URL}/signin`);
  await page.getByRole("button", { name: "Sign in with the platform" }).click();
  await chooseAtPlatform(page, PRACTITIONER);
  await page.waitForURL((url) => url.origin === E2E_ENV.APP_URL && !url.pathname.startsWith("/signin"));
  await expect(page.getByText("could not be used")).toHaveCount(0);
});

test("denying access at the platform says what happened and what to do", async ({ page }) => {
  await page.goto("/signin");
  await page.getByRole("button", { name: "Sign in with the platform" }).click();
  await page.waitForURL(`${SANDBOX}/api/oauth/authorize**`);
  await page.getByRole("button", { name: "Deny access" }).click();
  await page.waitForURL(`${E2E_ENV.APP_URL}/signin**`);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    /Access was not allowed on the platform.*sign in again and approve the connection/,
  );
  const session = await (await page.request.get("/api/auth/session")).json();
  expect(session.user).toBeUndefined();
});
