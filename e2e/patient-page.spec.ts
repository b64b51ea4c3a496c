// A person's whole history: a name search on the timeline finds an order whose data holds only the
// patient's id; the patient's own page, opened from a patients row and from an event, shows their
// orders (from the platform), plans and events by name; another clinic's patient is
// not found; and each view of the page leaves exactly one entry in the audit trail.
import { expect, test, type Page } from "@playwright/test";
import { queryOnce } from "@/tooling/testing/database";
import { DATABASE_URL_VARS } from "@/tooling/testing/e2e-stacks";
import { LIVE, ensureActivated, registerWebhookEndpoint, signInAsClinicAdmin } from "./support/clinic-admin";
import { STAFF, sandboxActivity, sandboxControl, signInAs } from "./support/session";
import { axeProblems } from "./support/axe";

// Letters only: the search needs three in a row, and the name must be this run's own.
const SURNAME = `Vandersloot${Date.now()
  .toString(36)
  .replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)])}`;
const FULL_NAME = `Ottilie ${SURNAME}`;
const database = () => process.env[DATABASE_URL_VARS.main] ?? "";

const activity = sandboxActivity;

const row = (page: Page, id: string) => page.locator(`tr[data-event-id="${id}"]`);

let clinicId = "";
let patientId = "";
let orderId = "";
let orderRecordId = "";

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInAsClinicAdmin(page, 0);
  await registerWebhookEndpoint(page);
  clinicId = (await ensureActivated(page, 0)).id;
  const patient = await activity(page, clinicId, "patient.created", { first_name: "Ottilie", last_name: SURNAME });
  patientId = String((patient.data.patient as { id: string }).id);
  const order = await activity(page, clinicId, "order.placed", { patient_id: patientId });
  orderId = order.id;
  orderRecordId = String(order.data.id);
  // The point of the search: the order's data names the patient by id alone.
  expect(JSON.stringify(order.data)).toContain(patientId);
  expect(JSON.stringify(order.data)).not.toContain(SURNAME);
  await activity(page, clinicId, "treatment_plan.created", { patient_id: patientId });
  await page.close();
});

test("a name search finds an order that holds only the patient's id", async ({ page }) => {
  await signInAs(page, STAFF);
  await page.goto("/events");
  await expect(row(page, orderId)).toBeVisible(LIVE);
  await page.getByLabel("Search by person or text").fill(SURNAME.toLowerCase());
  await expect(row(page, orderId)).toBeVisible(LIVE);
  await expect(row(page, orderId)).toContainText(FULL_NAME);
  // Every row left is about her: the list is the search's, not the unfiltered one still showing.
  await expect(page.locator("tr[data-event-id]").filter({ hasNotText: FULL_NAME })).toHaveCount(0, LIVE);
});

test("the patient page, from a patients row and from an event, names everything and is audited once per view", async ({
  page,
}) => {
  await signInAs(page, STAFF);
  await page.goto(`/patients?q=${SURNAME}`);
  const link = page.locator("tr[data-patient-id]").getByRole("link", { name: FULL_NAME, exact: true });
  await expect(link).toBeVisible(LIVE);
  const before = await headSeq(clinicId);
  await link.click();

  await expect(page).toHaveURL(new RegExp(`/patients/${patientId}$`));
  await expect(page.getByRole("heading", { level: 1, name: FULL_NAME })).toBeVisible();
  // Her order as the platform lists it now (the event said the same: it is not shown twice).
  const orders = page.getByRole("region", { name: "Orders", exact: true });
  await expect(orders.locator(`[data-order-id="${orderRecordId}"]`)).toContainText(/Order R\d{9}/, LIVE);
  await expect(orders.locator("[data-event-id]")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "All events" })).toContainText(/[3-9] events|\d\d+ events/);
  // From the platform, streamed in: the plan made above.
  await expect(page.getByRole("region", { name: "Treatment plans" }).getByRole("listitem")).not.toHaveCount(0, LIVE);
  // Names, not ids: the id is in the support area only, with its copy button.
  const main = page.getByRole("main");
  await expect(main.getByRole("button", { name: `Copy ${patientId}` })).toBeHidden();
  await main.getByText("For support").click();
  await expect(main.getByRole("button", { name: new RegExp(patientId) })).toBeVisible();

  const viewed = await viewsSince(clinicId, before);
  expect(viewed).toHaveLength(1);
  expect(viewed[0]!.target_id).toBe(patientId);
  expect(viewed[0]!.details).toMatchObject({ patient: FULL_NAME, plans: 1 });
  expect(Number(viewed[0]!.details.events)).toBeGreaterThanOrEqual(3);

  // From an event: the order's row on the timeline links to the same page, a view of its own.
  await page.goto("/events");
  await row(page, orderId)
    .getByRole("link", { name: `Patient page of ${FULL_NAME}` })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: FULL_NAME })).toBeVisible();
  await expect.poll(async () => (await viewsSince(clinicId, before)).length, LIVE).toBe(2);
});

test("the patient page fits a phone and a desk, light and dark, passes axe, and works from the keyboard", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, STAFF);
  for (const size of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ])
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      await page.goto(`/patients/${patientId}`);
      await expect(page.getByRole("region", { name: "Treatment plans" })).toBeVisible(LIVE);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, `${size.width} px, ${colorScheme}`).toBeLessThanOrEqual(innerWidth);
      expect(await axeProblems(page), `axe at ${size.width} px, ${colorScheme}`).toEqual([]);
    }
  // The support area opens from the keyboard, and its copy button is reachable.
  const support = page.getByRole("main").getByText("For support");
  await support.focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: `Copy ${patientId}` })).toBeFocused();
});

test("another clinic's patient, or no patient, is not found", async ({ page }) => {
  const other = (await sandboxControl<{ clinics: Array<{ id: string }> }>(page, "seed")).clinics[1]!.id;
  const stranger = await activity(page, other, "patient.created", { first_name: "Stranger", last_name: SURNAME });
  await signInAs(page, STAFF);
  const before = await headSeq(clinicId);
  for (const id of [String((stranger.data.patient as { id: string }).id), "pat_nobody_here"]) {
    const response = await page.goto(`/patients/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  }
  expect(await viewsSince(clinicId, before)).toHaveLength(0);
});

const headSeq = async (clinic: string) =>
  (
    await queryOnce<{ seq: number | null }>(
      database(),
      "SELECT max(seq) AS seq FROM audit_entries WHERE clinic_id = $1",
      [clinic],
    )
  )[0]!.seq ?? 0;

const viewsSince = (clinic: string, seq: number) =>
  queryOnce<{ target_id: string; details: Record<string, unknown> }>(
    database(),
    "SELECT target_id, details FROM audit_entries WHERE clinic_id = $1 AND seq > $2 AND action = 'patients.viewed' ORDER BY seq",
    [clinic, seq],
  );
