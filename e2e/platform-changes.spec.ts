// The drift report end to end: a signed webhook whose record carries a field nobody documented (and
// lacks one the documentation requires) is acknowledged and stored as usual, and once processed the
// admin's "Platform changes" page says so in words, with a count and first and last seen, on the
// same page for another clinic's admin (it is the platform's shape, not a clinic's data, and no value
// of the event appears).
import { randomBytes, randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { HEADERS } from "@/lib/contract";
import { LIVE, seedClinic, signInAsClinicAdmin } from "./support/clinic-admin";
import { signOut } from "./support/session";
import { signDelivery } from "./support/signed-webhook";

const ROUTE = "/api/webhooks/clinic";

/** A lab order update naming its patient, with one field of our own and without the patient id. */
function labOrderBody(clinicId: string, field: string): string {
  return JSON.stringify({
    event: {
      id: `evt_drift_${randomUUID()}`,
      type: "lab_order.updated",
      clinic_id: clinicId,
      created_at: new Date().toISOString(),
      data: { lab_order: { id: `lab_${randomUUID()}`, first_name: "Ada", status: "results_ready", [field]: "Secret" } },
    },
  });
}

async function send(page: Page, body: string): Promise<number> {
  const response = await page.request.post(ROUTE, {
    data: Buffer.from(body, "utf8"),
    headers: { "content-type": "application/json", [HEADERS.signature]: signDelivery(body) },
  });
  return response.status();
}

const rowOf = (page: Page, path: string, kind: "unknown" | "missing") =>
  page.locator(`tr[data-drift-path="${path}"][data-drift-kind="${kind}"]`);

test("a field the platform sent that we don't know is listed for admins, in words, with its count", async ({
  page,
}) => {
  const field = `e2e_${randomBytes(4).toString("hex")}`;
  const path = `data.lab_order.${field}`;
  const clinic = await seedClinic(page, 0);
  expect(await send(page, labOrderBody(clinic.id, field))).toBe(200);

  await signInAsClinicAdmin(page, 0);
  // Processing runs after the acknowledgement: look until it has.
  await expect(async () => {
    await page.goto("/admin/platform-changes");
    await expect(rowOf(page, path, "unknown")).toHaveCount(1, { timeout: 1_000 });
  }).toPass(LIVE);
  const unknown = rowOf(page, path, "unknown");
  await expect(unknown.locator("th")).toHaveText(`The platform sent a field we don't use yet: ${path}`);
  await expect(unknown.locator('[data-column="count"]')).toHaveText("1 time");
  await expect(unknown.locator('[data-column="first-seen"] time')).toHaveAttribute("datetime", /^\d{4}-/);
  const missing = rowOf(page, "data.lab_order.patient_id", "missing");
  await expect(missing.locator("th")).toHaveText("A field we expect was missing: data.lab_order.patient_id");
  const table = page.getByRole("table", { name: "Event lab_order.updated" });
  await expect(table.getByRole("columnheader", { name: "Times seen" })).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText("Secret");

  // A second delivery counts again; another clinic's admin sees the same report.
  expect(await send(page, labOrderBody((await seedClinic(page, 1)).id, field))).toBe(200);
  await signOut(page);
  await signInAsClinicAdmin(page, 1);
  await expect(async () => {
    await page.goto("/admin/platform-changes");
    await expect(rowOf(page, path, "unknown").locator('[data-column="count"]')).toHaveText("2 times", {
      timeout: 1_000,
    });
  }).toPass(LIVE);
});
