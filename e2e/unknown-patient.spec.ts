// A new order for a patient the app never saw: the patient was created through the platform's API
// (by another integration), which sends no patient.created, so the order, which names its patient by
// id alone, is the first the app hears of them. Within 10 seconds of the order the open timeline's
// row names them, without a reload, and a search by their name finds the order; also when the
// platform answers the patient bare, with only its documented fields.
import { expect, test, type Page } from "@playwright/test";
import { STAFF, currentSession, sandboxActivity, sandboxControl, signInAs } from "./support/session";
import { platform, seedClinics } from "./support/activation";

const WITHIN_MS = 10_000;
const tag = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
const row = (page: Page, id: string) => page.locator(`tr[data-event-id="${id}"]`);

test.beforeEach(async ({ page }) => {
  await sandboxControl(page, "faults", { clear: true });
});
test.afterEach(async ({ page }) => {
  await sandboxControl(page, "account", { documented_records: false });
});

for (const documented of [false, true]) {
  test(`a new order for a patient the app never saw shows their name and is found by it within 10 s${
    documented ? " (the patient answered bare, as documented)" : ""
  }`, async ({ page }) => {
    await signInAs(page, STAFF);
    const clinicId = (await currentSession(page)).user!.clinicId;
    const clinic = (await seedClinics(page)).find((c) => c.id === clinicId)!;
    await platform.activateClinic(clinic);
    await sandboxControl(page, "webhooks/drain", {});
    if (documented) await sandboxControl(page, "account", { documented_records: true });
    await page.goto("/events");
    await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();

    const last = `Unseen-${tag()}`;
    const { event, record } = await sandboxControl<{ event: null; record: { id: string } }>(page, "activity", {
      clinic_id: clinicId,
      type: "patient.created",
      through_api: true,
      data: { first_name: "Wren", last_name: last },
    });
    expect(event).toBeNull();
    const placedAt = Date.now();
    const order = await sandboxActivity(page, clinicId, "order.placed", { patient_id: record.id });

    // The live timeline names them (the row was first shown by id alone, if at all).
    const summary = row(page, order.id).getByTestId("event-summary");
    await expect(summary).toContainText(`Wren ${last}`, { timeout: WITHIN_MS });
    await expect(summary).not.toContainText("a patient");

    // A search by their name finds the order.
    await page.getByLabel("Search by person or text").fill(last);
    await expect(page).toHaveURL(new RegExp(`q=${last}`));
    await expect(row(page, order.id)).toBeVisible({ timeout: Math.max(1, WITHIN_MS - (Date.now() - placedAt)) });
    expect(Date.now() - placedAt).toBeLessThan(WITHIN_MS);
    await expect(page.locator("tr[data-event-id]")).toHaveCount(1);
  });
}
