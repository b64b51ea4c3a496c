// The clinic's connection as each role is told it (lib/connection): a clinic without a key shows its
// admin a setup checklist and everyone else one sentence naming the admin; the timeline does not say
// "Live"; once the key is activated the key's step is done; when the clinic revokes the key, the
// admin gets a red notice with the fix and a practitioner is told who can fix it. The second clinic,
// put back with a new activated key at the end.
import { expect, test, type Page } from "@playwright/test";
import {
  LIVE,
  enterClinicKey,
  ensureActivated,
  freshKey,
  keyState,
  signInAsClinicAdmin,
  type SeedClinic,
} from "./support/clinic-admin";
import { FRONT_DESK, PRACTITIONER, sandboxControl, signInAs } from "./support/session";

const CLINIC = 1;

interface SeededClinic extends SeedClinic {
  staff: Array<{ first_name: string; last_name: string; role: string | null }>;
}
const seedClinic = async (page: Page) =>
  (await sandboxControl<{ clinics: SeededClinic[] }>(page, "seed")).clinics[CLINIC]!;
const clinicAdminOf = (clinic: SeededClinic) => clinic.staff.find((s) => s.role === "Clinic admin")!;
const notice = (page: Page) => page.getByRole("region", { name: "Connection to the platform" });
const checklist = (page: Page) => page.getByRole("region", { name: "Finish connecting the clinic" });

async function removeKeyIfEntered(page: Page): Promise<void> {
  await page.goto("/admin/clinic-key");
  const remove = page.getByRole("button", { name: "Remove the key" });
  if ((await remove.count()) === 0) return;
  await remove.click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /Remove/ })
    .click();
  await expect(page.getByRole("button", { name: "Remove the key" })).toHaveCount(0);
}

test("not connected yet: the admin's checklist, everyone else's sentence naming the admin, no Live", async ({
  page,
  browser,
}) => {
  const clinic = await seedClinic(page);
  const admin = clinicAdminOf(clinic);
  await signInAsClinicAdmin(page, CLINIC);
  await removeKeyIfEntered(page);

  await page.goto("/");
  await expect(checklist(page)).toBeVisible();
  await expect(checklist(page).getByRole("listitem")).toHaveCount(3);
  await expect(checklist(page).getByRole("link", { name: "Enter the clinic key" })).toHaveAttribute(
    "href",
    "/admin/clinic-key",
  );
  await expect(checklist(page).locator('[data-step="clinicKey"]')).toHaveAttribute("data-done", "false");
  await expect(notice(page)).toContainText("Clinic Connect is not connected to the platform yet.");

  // The front desk: one sentence, with the admin's name, and a timeline that is not "Live".
  const desk = await (await browser.newContext()).newPage();
  await signInAs(desk, FRONT_DESK, { clinicIndex: CLINIC });
  await desk.goto("/");
  // Every admin of the clinic is named (other specs may have promoted someone): this one among them.
  await expect(notice(desk)).toContainText(
    new RegExp(`Ask [^.]*${admin.first_name} ${admin.last_name}[^.]* to finish setting it up\\.`),
  );
  await expect(checklist(desk)).toHaveCount(0);
  await desk.goto("/events");
  await expect(desk.getByText("Not live: the clinic is not connected to the platform yet")).toBeVisible();
  await expect(desk.getByText("Live", { exact: true })).toHaveCount(0);

  // The key entered and activated: its step is done, the others are still to do.
  await enterClinicKey(page, await freshKey(page, clinic.id));
  await expect(keyState(page)).toHaveText("Activated", LIVE);
  await page.goto("/");
  // The key's step is done: ticked, or the whole list gone when this clinic had already received
  // events and reconciled (earlier specs do both).
  await expect(page.locator('[data-step="clinicKey"][data-done="false"]')).toHaveCount(0);
  await expect(page.locator('[data-state="activated"]').first()).toBeVisible();
  await expect(notice(page)).toHaveCount(0);
  await desk.reload();
  await expect(notice(desk)).toHaveCount(0);
  await desk.context().close();
});

test("the clinic revokes the key: red and actionable for the admin, honest for a practitioner", async ({
  page,
  browser,
}) => {
  const clinic = await seedClinic(page);
  const admin = clinicAdminOf(clinic);
  await signInAsClinicAdmin(page, CLINIC);
  await ensureActivated(page, CLINIC);
  await sandboxControl(page, "clinic-keys/revoke", { clinic_id: clinic.id });
  await expect(keyState(page)).toHaveText("Revoked", LIVE);
  try {
    await page.goto("/");
    await expect(notice(page)).toContainText("The clinic revoked the clinic key.");
    await expect(notice(page).getByRole("link", { name: "Enter the clinic's new key" })).toHaveAttribute(
      "href",
      "/admin/clinic-key",
    );
    await expect(page.locator('[data-state="revoked"]').first()).toHaveClass(/bg-red-50/);

    const practitioner = await (await browser.newContext()).newPage();
    await signInAs(practitioner, PRACTITIONER, { clinicIndex: CLINIC });
    await practitioner.goto("/resources");
    await expect(notice(practitioner)).toContainText("The clinic revoked the clinic key.");
    await expect(notice(practitioner)).toContainText(
      new RegExp(`${admin.first_name} ${admin.last_name}[^.]* can fix it\\.`),
    );
    await expect(notice(practitioner).getByRole("link")).toHaveCount(0);
    await practitioner.context().close();
  } finally {
    // Put the clinic back: a new key, activated.
    const issued = await sandboxControl<{ clinic_key: { value: string } }>(page, "clinic-keys/issue", {
      clinic_id: clinic.id,
    });
    await enterClinicKey(page, issued.clinic_key.value);
    await expect(keyState(page)).toHaveText("Activated", LIVE);
  }
});
