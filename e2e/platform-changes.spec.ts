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
import { SCREEN_SIZES } from "./support/sizes";
import { queryOnce } from "@/tooling/testing/database";
import { DATABASE_URL_VARS, E2E_ENV } from "@/tooling/testing/e2e-stacks";
import { LOCALE_COOKIE } from "@/lib/i18n/locales";

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
  const table = page.getByRole("table", { name: "Event: Lab order updated" });
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

/**
 * A field counted on a platform answer, as the app's flush writes it (lib/drift/store.ts): an answer
 * is counted only every 30 seconds, and the page is what this test reads.
 */
async function answerDrift(source: string, path: string): Promise<void> {
  await queryOnce(
    process.env[DATABASE_URL_VARS.main] ?? "",
    `INSERT INTO platform_drift (source_kind, source, path, kind, first_seen, last_seen, count)
     VALUES ('endpoint', $1, $2, 'unknown', now(), now(), 1)
     ON CONFLICT (source_kind, source, path, kind) DO UPDATE SET count = platform_drift.count + 1, last_seen = now()`,
    [source, path],
  );
}

for (const [screen, size] of Object.entries(SCREEN_SIZES))
  test(`platform answers are named in words, the path only in small print, at a ${screen}`, async ({ page }) => {
    await page.setViewportSize(size);
    const field = `e2e_${randomBytes(4).toString("hex")}`;
    await answerDrift("GET /api/clinic/patients/{id}/treatment_plans", `treatment_plans[].${field}`);
    await answerDrift("GET /api/events/lab_orders", `events[].${field}`);
    await signInAsClinicAdmin(page, 0);
    await page.goto("/admin/platform-changes");

    const plans = page.getByRole("region", { name: "Platform answer: A patient's treatment plans" });
    await expect(plans).toBeVisible();
    await expect(plans.getByRole("heading")).toHaveText("Platform answer: A patient's treatment plans");
    await expect(plans.locator("[data-drift-endpoint]")).toHaveText(
      "Checked on: GET /api/clinic/patients/{id}/treatment_plans",
    );
    await expect(
      page.getByRole("region", { name: "Platform answer: The platform's events: Lab orders" }),
    ).toBeVisible();
    // No heading of the page reads as a method and a path.
    for (const heading of await page.getByRole("main").getByRole("heading").allInnerTexts())
      expect(heading).not.toMatch(/\b(GET|POST|PUT|PATCH|DELETE) \/|\/api\//);

    // In French too.
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: "fr-CA", url: E2E_ENV.APP_URL }]);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
    await expect(
      page.getByRole("region", { name: "Réponse de la plateforme\u202f: Les plans de traitement d'un·e patient·e" }),
    ).toBeVisible();
    await expect(
      page.getByRole("region", {
        name: "Réponse de la plateforme\u202f: Les événements de la plateforme\u202f: Demandes d'analyse",
      }),
    ).toBeVisible();
    await page.context().clearCookies({ name: LOCALE_COOKIE });
  });
