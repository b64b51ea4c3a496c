// A patient's plans and orders as the platform lists them, and the "Treatment plans" list: a plan is
// opened from the patient's page showing its product (named by the clinic's product event) and its
// dosage, and cancelled after confirming (the row then says cancelled, and the audit trail has it);
// the patient's order names its items; the practitioner's plans are listed newest first, and a staff
// member picks the practitioner by name to see them.
import { expect, test } from "@playwright/test";
import { queryOnce } from "@/tooling/testing/database";
import { DATABASE_URL_VARS } from "@/tooling/testing/e2e-stacks";
import { axeProblems } from "./support/axe";
import { LIVE, ensureActivated, registerWebhookEndpoint, signInAsClinicAdmin } from "./support/clinic-admin";
import { PRACTITIONER, STAFF, sandboxActivity, sandboxControl, signInAs } from "./support/session";

const RUN = Date.now()
  .toString(36)
  .replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)]);
const SURNAME = `Quellmalz${RUN}`;
const PRODUCT = `Ashwagandha ${RUN}`;
const database = () => process.env[DATABASE_URL_VARS.main] ?? "";

const activity = sandboxActivity;

let clinicId = "";
let practitioner = { id: "", name: "" };
let patientId = "";
let planId = "";
let newerPlanId = "";
let orderId = "";

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInAsClinicAdmin(page, 0);
  await registerWebhookEndpoint(page);
  clinicId = (await ensureActivated(page, 0)).id;
  const seed = await sandboxControl<{
    clinics: Array<{ practitioners: Array<{ id: string; first_name: string; last_name: string }> }>;
  }>(page, "seed");
  const p = seed.clinics[0]!.practitioners[0]!;
  practitioner = { id: p.id, name: `${p.first_name} ${p.last_name}` };
  const patient = await activity(page, clinicId, "patient.created", {
    first_name: "Wilhelmina",
    last_name: SURNAME,
    practitioner_id: practitioner.id,
  });
  patientId = String((patient.data.patient as { id: string }).id);
  const product = await activity(page, clinicId, "product.created", { name: PRODUCT, brand: "Calm Co" });
  // The documented product names no id; the sandbox's one variant is "<product id>-v1".
  const productId = String((product.data.variants as { id: string }[])[0]!.id).replace(/-v1$/, "");
  const plan = await activity(page, clinicId, "treatment_plan.created", {
    patient_id: patientId,
    product_id: productId,
  });
  planId = String((plan.data.treatment_plan as { id: string }).id);
  const order = await activity(page, clinicId, "order.placed", {
    patient_id: patientId,
    product_id: productId,
    quantity: 2,
  });
  orderId = String(order.data.id);
  const other = await activity(page, clinicId, "patient.created", {
    first_name: "Bartholomew",
    last_name: SURNAME,
    practitioner_id: practitioner.id,
  });
  const newer = await activity(page, clinicId, "treatment_plan.created", {
    patient_id: String((other.data.patient as { id: string }).id),
    product_id: productId,
  });
  newerPlanId = String((newer.data.treatment_plan as { id: string }).id);
  await page.close();
});

test("a plan opens to its product and dosage, and is cancelled after confirming", async ({ page }) => {
  await signInAs(page, PRACTITIONER);
  await page.goto(`/patients/${patientId}`);
  const plans = page.getByRole("region", { name: "Treatment plans" });
  const row = plans.locator(`[data-plan-id="${planId}"]`);
  await expect(row).toContainText("Active plan · 1 product", LIVE);
  await row.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/patients/${patientId}/plans/${planId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Treatment plan for Wilhelmina ${SURNAME}`);

  // The product event reaches the app by webhook: its name shows once it is processed.
  const products = page.getByRole("region", { name: "Products and dosage" });
  await expect(async () => {
    await page.reload();
    await expect(products).toContainText(PRODUCT, { timeout: 1_000 });
  }).toPass(LIVE);
  await expect(products).toContainText("Calm Co");
  await expect(products).toContainText("Dosage: 1 capsule daily");

  // Asked first; "keep it" leaves it active.
  await page.getByRole("button", { name: "Cancel this plan" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel this treatment plan?" });
  await expect(dialog).toContainText("cannot be made active again");
  await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator("[data-plan-state]")).toHaveText("Active");

  await page.getByRole("button", { name: "Cancel this plan" }).click();
  await dialog.getByRole("button", { name: "Yes, cancel the plan" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("The treatment plan is cancelled.");
  await expect(page.locator("[data-plan-state]")).toHaveText("Cancelled");
  await expect(page.getByRole("button", { name: "Cancel this plan" })).toBeHidden();

  await page.goto(`/patients/${patientId}`);
  await expect(
    page.getByRole("region", { name: "Treatment plans" }).locator(`[data-plan-id="${planId}"]`),
  ).toContainText("Cancelled plan", LIVE);
  const audited = await queryOnce<{ n: string }>(
    database(),
    "SELECT count(*) AS n FROM audit_entries WHERE clinic_id = $1 AND action = 'treatment_plan.cancelled' AND target_id = $2",
    [clinicId, planId],
  );
  expect(Number(audited[0]!.n)).toBe(1);
});

test("the patient's order names its items, with no amount the platform did not send", async ({ page }) => {
  await signInAs(page, PRACTITIONER);
  await page.goto(`/patients/${patientId}`);
  const order = page.getByRole("region", { name: "Orders", exact: true }).locator(`[data-order-id="${orderId}"]`);
  await expect(order).toContainText(/Order R\d{9}/, LIVE);
  await expect(order.getByRole("list", { name: "Items" })).toContainText(`2 × ${PRODUCT}`);
  await expect(order).not.toContainText("$");
  await expect(page.getByRole("region", { name: "Lab orders" })).toContainText("No lab orders on the platform.");
});

test("the practitioner's plans, newest first; staff choose the practitioner by name", async ({ page }) => {
  await signInAs(page, PRACTITIONER);
  await page.getByRole("banner").getByRole("link", { name: "Treatment plans" }).first().click();
  await expect(page).toHaveURL(/\/plans$/);
  const list = page.getByRole("region", { name: "Your plans" });
  await expect(list.locator("[data-plan-id]").first()).toHaveAttribute("data-plan-id", newerPlanId, LIVE);
  const times = await list
    .locator("[data-plan-id] time")
    .evaluateAll((els) => els.map((e) => e.getAttribute("datetime")));
  expect([...times].sort().reverse()).toEqual(times);
  // On a phone each row's two links, one above the other, are big enough to tap (axe's target-size).
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await axeProblems(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.getByRole("link", { name: "New treatment plan" })).toHaveAttribute("href", "/embedded");
  const first = list.locator(`[data-plan-id="${newerPlanId}"]`);
  await first.getByRole("link", { name: `Bartholomew ${SURNAME}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Bartholomew ${SURNAME}` })).toBeVisible();

  await page.context().clearCookies();
  await signInAs(page, STAFF);
  await page.goto("/plans");
  await expect(page.getByText("Choose a practitioner to see their plans.")).toBeVisible();
  const picker = page.getByLabel("Practitioner", { exact: true });
  const option = picker.locator("option", { hasText: practitioner.name });
  await picker.selectOption({ value: (await option.first().getAttribute("value"))! });
  await page.getByRole("button", { name: "Show their plans" }).click();
  await expect(page).toHaveURL(new RegExp(`/plans\\?practitioner=${practitioner.id}$`));
  const theirs = page.getByRole("region", { name: `Plans of ${practitioner.name}` });
  await expect(theirs.locator("[data-plan-id]").first()).toHaveAttribute("data-plan-id", newerPlanId, LIVE);
});
