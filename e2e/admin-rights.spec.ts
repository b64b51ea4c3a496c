// Admin rights from the platform and names where ids were, on the run's fresh database (this file
// runs first): a practitioner who signs in to a clinic first gets no admin rights; the staff member
// whose platform role is Clinic admin is the admin. The header, the accounts table, the patients'
// practitioner column and the staff's practitioner picker show names.
import { expect, test } from "@playwright/test";
import { queryOnce as query } from "@/tooling/testing/database";
import { DATABASE_URL_VARS } from "@/tooling/testing/e2e-stacks";
import { CLINIC_ADMIN, FRONT_DESK, PRACTITIONER, currentSession, signInAs, signOut } from "./support/session";
import { nameOf, seedPeople } from "./support/clinic-admin";

const CLINIC = 1;

test("a practitioner signing in first is no admin; the platform's Clinic admin is, and pages name people", async ({
  page,
}) => {
  test.setTimeout(180_000); // four sign-ins and five pages, on a shared machine
  const clinic = await seedPeople(page, CLINIC);
  const url = process.env[DATABASE_URL_VARS.main] ?? "";
  const before = await query<{ n: string }>(url, "SELECT count(*) AS n FROM users WHERE clinic_id = $1", [clinic.id]);
  expect(Number(before[0].n), "nobody of this clinic has signed in yet (this spec runs first)").toBe(0);

  // The practitioner first: no admin, and the header names them.
  const practitioner = clinic.practitioners[0];
  await signInAs(page, PRACTITIONER, { clinicIndex: CLINIC });
  expect((await currentSession(page)).user?.role).toBe("Practitioner");
  await page.goto("/");
  const header = page.getByTestId("signed-in-as");
  await expect(header).toContainText(nameOf(practitioner));
  await expect(header).toContainText("Practitioner");
  await expect(header).toContainText(clinic.name);
  expect((await page.goto("/admin"))?.status()).toBe(404);

  // The patients' practitioner column names practitioners.
  await page.goto("/patients");
  const practitionerCells = page.locator('tr[data-patient-id] [data-column="practitioner"]');
  await expect(practitionerCells.first()).toBeVisible();
  const cellTexts = await practitionerCells.allTextContents();
  const names = clinic.practitioners.map(nameOf);
  expect(
    cellTexts.some((t) => names.some((n) => t.includes(n))),
    cellTexts.join(" | "),
  ).toBe(true);
  await signOut(page);

  // Front desk next: staff, no admin; the picker names the practitioners.
  await signInAs(page, FRONT_DESK, { clinicIndex: CLINIC });
  expect((await currentSession(page)).user?.role).toBe("Staff");
  await page.goto("/");
  await expect(page.getByTestId("signed-in-as")).toContainText("Staff · Front desk");
  await page.goto("/resources");
  const picker = page.getByLabel("Acting for practitioner");
  await expect(picker.locator(`option[value="${practitioner.id}"]`)).toHaveText(
    new RegExp(`^${nameOf(practitioner)} · \\d+ patients?$`),
  );
  await signOut(page);

  // The Clinic admin: admin, whoever came before.
  const admin = clinic.staff.find((s) => s.role === "Clinic admin");
  expect(admin).toBeDefined();
  await signInAs(page, CLINIC_ADMIN, { clinicIndex: CLINIC });
  expect((await currentSession(page)).user?.role).toBe("Admin");
  await page.goto("/admin/accounts");
  const row = (id: string) => page.locator(`tr[data-user="${id}"]`);
  await expect(row(practitioner.id).locator('[data-column="user"]')).toContainText(nameOf(practitioner));
  await expect(row(practitioner.id).locator('[data-column="role"]')).toHaveText("Practitioner");
  await expect(row(admin!.id).locator('[data-column="role"]')).toHaveText("Admin");
  await expect(row(admin!.id).locator('[data-column="admin-basis"]')).toHaveText("Clinic admin on the platform");
  await expect(row(admin!.id).locator('[data-column="type"]')).toHaveText("Staff · Clinic admin");
});
