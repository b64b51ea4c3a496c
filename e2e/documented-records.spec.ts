// The app against the platform as its documentation shows it: the sandbox's documented-records mode
// answers records with only their documented fields (a resource is {id, attachment_url, category,
// name, type}, a patient has no practitioner or timestamps), single records bare, and the paths
// neither the spec nor the documentation shows (the plans list, the practitioners list) 404. Every
// page still works: what a record has is shown, what it lacks is left out, never "undefined".
import { expect, test, type Page } from "@playwright/test";
import { FILES } from "@/sandbox/testing/files";
import { PRACTITIONER, sandboxControl, signInAs } from "./support/session";

const tag = (label: string) => `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const noUndefined = async (page: Page) => expect(page.locator("main")).not.toContainText(/undefined|NaN|null/);

test.beforeEach(async ({ page }) => {
  await sandboxControl(page, "faults", { clear: true });
});
test.afterEach(async ({ page }) => {
  await sandboxControl(page, "account", { documented_records: false });
});

test("an upload answered with the documented record is a success, listed with what it carries", async ({ page }) => {
  await signInAs(page, PRACTITIONER);
  await sandboxControl(page, "account", { documented_records: true });
  await page.goto("/resources");
  const name = tag("documented");
  await page
    .getByLabel("Choose files to upload")
    .setInputFiles([{ name: `${name}.pdf`, mimeType: "application/pdf", buffer: FILES.pdf }]);
  const item = page.getByRole("listitem", { name: `${name}.pdf` });
  await item.getByLabel("Category").selectOption("Nutrition");
  await page.getByRole("button", { name: "Upload 1 file" }).click();
  await expect(item.getByRole("status")).toHaveText("Uploaded", { timeout: 20_000 });

  await page.getByRole("search").getByLabel("Search by name").fill(name);
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Nutrition");
  // Its own (the record names no owner): it can be edited, and its link is the record's attachment_url.
  await expect(row.getByRole("button", { name: `Edit ${name}` })).toBeVisible();
  const href = await row.getByRole("link", { name }).getAttribute("href");
  expect(href).toMatch(/^http.*\/files\//);
  expect((await page.request.get(href!)).ok()).toBe(true);
  await noUndefined(page);

  // Edited through the form, then answered bare again: still a success.
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Type").selectOption("Handout");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(row).toContainText("Handout");
  await noUndefined(page);
});

test("patients, the home page and the plan field work without undocumented fields and paths", async ({ page }) => {
  await signInAs(page, PRACTITIONER);
  await sandboxControl(page, "account", { documented_records: true });

  await page.goto("/patients");
  await expect(
    page
      .getByRole("table", { name: "Patients" })
      .getByRole("link", { name: /^Open treatment plans for / })
      .first(),
  ).toBeVisible();
  await noUndefined(page);

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Your recent resources" })).toBeVisible();
  await noUndefined(page);

  // No undocumented plans list is called: the field offers the plans the app knows of, or takes a typed id.
  await page.goto("/resources");
  await page
    .getByLabel("Choose files to upload")
    .setInputFiles([{ name: "plan-field.pdf", mimeType: "application/pdf", buffer: FILES.pdf }]);
  const item = page.getByRole("listitem", { name: "plan-field.pdf" });
  await expect(item.getByLabel(/Treatment plan/)).toBeVisible();
  await noUndefined(page);
});
