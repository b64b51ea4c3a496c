// Smaller things a front desk meets every day: the app's icon, the resources tab kept in the URL, a
// refused clinic key kept in its field to mend, and a plain sign-out not called a revocation.
import { expect, test } from "@playwright/test";
import { seedClinic, signInAsClinicAdmin } from "./support/clinic-admin";
import { PRACTITIONER, signInAs } from "./support/session";

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
