// The home page per role: what matters to the person, in words, each panel with its way to act.
// A practitioner's recent resources are their library's, their plans are named by patient, state
// and products; the front desk's day links to that day's timeline; an admin sees the connection's
// health with a way into the console.
import { expect, test, type Page } from "@playwright/test";
import { CLINIC_ADMIN, FRONT_DESK, PRACTITIONER, signInAs } from "./support/session";

const panel = (page: Page, title: string) => page.getByRole("region", { name: title });
/** A platform id where a person expects words. */
const RAW_ID = /\b(pat|prac|tp|stf|res)_[a-z0-9]{6,}\b/;

test("a practitioner's home: their latest resources, as the library lists them, and plans by patient", async ({
  page,
}) => {
  await signInAs(page, PRACTITIONER);
  await page.goto("/");
  const resources = panel(page, "Your recent resources");
  await expect(resources).toBeVisible();
  // Each item is its resource's name, a link to its file, beside when it changed.
  const names = (await resources.getByRole("listitem").getByRole("link").first().allTextContents()).map((n) =>
    n.trim(),
  );
  const listed = await resources.getByRole("listitem").count();
  expect(listed, "the seeded practitioner has resources").toBeGreaterThan(0);

  const plans = panel(page, "Your active treatment plans");
  await expect(plans).toBeVisible();
  for (const line of await plans.getByRole("listitem").allTextContents()) {
    expect(line).toMatch(/^.+ · \d+ products?\s*changed /);
    expect(line).not.toMatch(RAW_ID);
  }

  await resources.getByRole("link", { name: "Open your library" }).click();
  await expect(page).toHaveURL(/\/resources$/);
  // The home's first resource is in the library.
  await page.getByRole("search").getByLabel("Search by name").fill(names[0]);
  await expect(page.getByRole("row").filter({ hasText: names[0] }).first()).toBeVisible();
});

test("the front desk's home: today's activity links to today's timeline", async ({ page }) => {
  await signInAs(page, FRONT_DESK);
  await page.goto("/");
  const today = panel(page, "Today's activity");
  await expect(today).toBeVisible();
  await expect(today).not.toContainText(RAW_ID);
  const link = today.getByRole("link", { name: "Open today's timeline" });
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/events\?date=\d{4}-\d{2}-\d{2}$/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href.replace("?", "\\?")}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("an admin's home: the connection's health, each line a way to act", async ({ page }) => {
  await signInAs(page, CLINIC_ADMIN);
  await page.goto("/");
  const health = panel(page, "Connection health");
  await expect(health).toBeVisible();
  const lines = health.getByRole("list", { name: "Connection health" }).getByRole("listitem");
  expect(await lines.count()).toBeGreaterThanOrEqual(4);
  await expect(lines.filter({ hasText: /reconciliation/i })).toHaveCount(1);
  await expect(health).not.toContainText(RAW_ID);
  await health.getByRole("link", { name: "Open the admin console" }).click();
  await expect(page).toHaveURL(/\/admin$/);
});
