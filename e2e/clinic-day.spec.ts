// Smaller things a front desk meets every day: the app's icon, the resources tab kept in the URL, a
// refused clinic key kept in its field to mend, and a plain sign-out not called a revocation.
import { expect, test } from "@playwright/test";
import { seedClinic, signInAsClinicAdmin } from "./support/clinic-admin";
import { PRACTITIONER, currentSession, signInAs } from "./support/session";
import { holdScripts } from "./support/held-scripts";

test("every page names the app's icon, and the icon is served", async ({ page }) => {
  await page.goto("/signin");
  const href = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect(href).toMatch(/^\/icon\.svg/);
  const icon = await page.request.get(href!);
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
});

test("the resources tab is kept in the URL, and a link to it opens it", async ({ page }) => {
  await signInAs(page, PRACTITIONER);
  await page.goto("/resources");
  await page.getByRole("tab", { name: "Platform-provided" }).click();
  await expect(page).toHaveURL(/\/resources\?tab=platform$/);
  await page.reload();
  await expect(page.getByRole("tab", { name: "Platform-provided" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "My library" }).click();
  await expect(page).toHaveURL(/\/resources$/);
});

test("a refused clinic key stays in its field, to mend rather than retype", async ({ page }) => {
  // Another clinic's key: a real key, refused for this clinic.
  const other = (await seedClinic(page, 1)).current_clinic_key;
  await signInAsClinicAdmin(page, 0);
  await page.goto("/admin/clinic-key");
  const field = page.getByLabel(/^(new )?clinic key$/i);
  await field.fill(other);
  await page.getByRole("button", { name: /Save the key|Replace the key/ }).click();
  await expect(page.getByText("The platform does not know this key for your clinic")).toBeVisible();
  await expect(field).toHaveValue(other);
});

test("signing out says so, without speaking of a revocation", async ({ page }) => {
  await signInAs(page, PRACTITIONER);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin\?reason=signedout/);
  await expect(page.getByText("You are signed out. Sign in again whenever you need the app.")).toBeVisible();
  await expect(page.getByText(/revoked/)).toHaveCount(0);
});

test("each account's actions sit behind one button, and an admin's own row has no revoke", async ({ page }) => {
  await signInAsClinicAdmin(page, 0);
  const me = (await currentSession(page)).user?.id ?? "";
  await page.goto("/admin/accounts");
  const own = page.locator(`tr[data-user-id="${me}"]`);
  const actions = own.getByRole("button", { name: /^Actions for / });
  await expect(actions).toHaveAttribute("aria-expanded", "false");
  await expect(own.getByRole("button", { name: /^Demote / })).toBeHidden();
  await actions.click();
  await expect(actions).toHaveAttribute("aria-expanded", "true");
  await expect(own.getByRole("button", { name: /^Demote / })).toBeVisible();
  await expect(own.getByRole("button", { name: /^Revoke / })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(actions).toHaveAttribute("aria-expanded", "false");
  await expect(actions).toBeFocused();
});

test("on a phone the header is one line: the sections and the account each open from a button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, PRACTITIONER);
  await page.goto("/resources");
  const header = await page.locator("body > header, header").first().boundingBox();
  expect(header!.height, "the header's height on a phone").toBeLessThanOrEqual(72);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeHidden();
  await page.getByRole("button", { name: "Account" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(page.getByTestId("signed-in-as")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeHidden();
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Patients" })).toBeVisible();
});

test("the clinic's time zone can be found by typing part of a city's name", async ({ page }) => {
  await signInAsClinicAdmin(page, 0);
  await page.goto("/admin/settings");
  const zone = page.getByLabel("Clinic time zone");
  const before = await zone.inputValue();
  await page.getByLabel("Find a zone").fill("vancouver");
  await expect(zone).toHaveValue("America/Vancouver");
  await expect(page.getByText("1 zone matches; it is selected.")).toBeVisible();
  await page.getByLabel("Find a zone").fill("new york");
  await expect(zone).toHaveValue("America/New_York");
  await page.getByLabel("Find a zone").fill("nowhere-at-all");
  await expect(page.getByText("No zone matches: try a nearby large city.")).toBeVisible();
  // Nothing is saved by searching: the page opens again on the zone the clinic has.
  await page.reload();
  await expect(zone).toHaveValue(before);
});

test("a zone chosen before the page's script has run is the one saved, not the one the page opened on", async ({
  page,
}) => {
  await signInAsClinicAdmin(page, 0);
  await page.goto("/admin/settings");
  const zone = page.getByLabel("Clinic time zone");
  const before = await zone.inputValue();
  const other = before === "Asia/Tokyo" ? "Europe/Paris" : "Asia/Tokyo";
  // The page's scripts are held back until the choice is made, as on a slow connection.
  const release = await holdScripts(page);
  // Not "load": it waits for the scripts held back.
  await page.goto("/admin/settings", { waitUntil: "commit" });
  await zone.selectOption(other);
  release();
  // The browser's zone is said by the page's script only: once it shows, the page has hydrated.
  await expect(page.getByText(/^Your browser is in /)).toBeVisible();
  await expect(zone).toHaveValue(other);
  try {
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("time-zone-status")).toContainText(`Set to ${other} on `);
  } finally {
    await zone.selectOption(before);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("time-zone-status")).toContainText(`Set to ${before} on `);
  }
});
