// The staff timeline end to end: sandbox clinic activity → signed webhook → the app → the timeline
// in the browser without a reload; dropped and duplicated deliveries filled by reconciliation with
// nothing twice, from whole-event lists and from lists of ids alone; out-of-order deliveries; and one
// clinic's staff never seeing another's events.
import { expect, test, type Page } from "@playwright/test";
import { clinicDayOf } from "./support/clinic-day";
import { DEFAULT_CLINIC_TIME_ZONE } from "@/lib/format/time-zone";
import {
  STAFF,
  currentSession,
  sandboxActivity,
  sandboxActivityId,
  sandboxControl,
  signInAs,
  signOut,
} from "./support/session";
import { platform, seedClinics } from "./support/activation";
import { signInAsClinicAdmin } from "./support/clinic-admin";

const LIVE_TIMEOUT = 20_000;

/**
 * The activation's own webhook (clinic_key.activated) has had its first attempt: a fault set before
 * that could fall on it instead of on the activity the test sends.
 */
async function settled(page: Page): Promise<void> {
  await sandboxControl(page, "webhooks/drain", {});
}

const activity = sandboxActivityId;

const row = (page: Page, id: string) => page.locator(`tr[data-event-id="${id}"]`);

/** Signs in as clinic 0's admin (its staff member whose platform role is Clinic admin). */
const signInAsAdmin = (page: Page) => signInAsClinicAdmin(page, 0);

test.beforeEach(async ({ page }) => {
  await sandboxControl(page, "faults", { clear: true });
});

test("clinic activity arrives on the open timeline without a reload, with its detail", async ({ page }) => {
  const [clinic] = await seedClinics(page);
  await platform.activateClinic(clinic);
  await signInAs(page, STAFF);
  await page.goto("/events");
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Events per day by category/ })).toBeVisible();

  const id = await activity(page, clinic.id, "treatment_plan.created");
  await expect(row(page, id)).toBeVisible({ timeout: LIVE_TIMEOUT });
  await expect(row(page, id)).toContainText("Treatment plan created"); // its type, in words
  await expect(row(page, id)).toContainText("Webhook");

  await expect(row(page, id).getByTestId("event-summary")).toHaveText(/^Treatment plan activated for .+ \(.+\)$/);
  await row(page, id).getByTestId("event-summary").click();
  const drawer = page.getByRole("dialog");
  await expect(drawer).toContainText(id);
  await expect(drawer.getByRole("heading", { level: 2 })).toHaveText(/^Treatment plan activated for /);
  await expect(drawer.getByRole("region", { name: "The treatment plan" })).toContainText("Patient");
  await drawer.getByText("Raw data (for support)").click();
  await expect(drawer.getByLabel("Event data")).toContainText("treatment_plan");
  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
});

test("an event the sandbox emits shows as its summary, naming the patient, with a link to their plans", async ({
  page,
}) => {
  const [clinic] = await seedClinics(page);
  await platform.activateClinic(clinic);
  await signInAs(page, STAFF);
  await page.goto("/events");
  const event = await sandboxActivity<{ patient: Record<string, string> }>(page, clinic.id, "patient.created", {
    first_name: "Zed",
    last_name: "Quist",
  });
  const summary = row(page, event.id).getByTestId("event-summary");
  await expect(summary).toHaveText(`New patient ${event.data.patient.first_name} ${event.data.patient.last_name}`, {
    timeout: LIVE_TIMEOUT,
  });
  await expect(row(page, event.id).getByRole("link", { name: "Open treatment plans" })).toHaveAttribute(
    "href",
    `/patients/${event.data.patient.id}#patient-plans`,
  );
});

test("sorts oldest first, and the CSV export of a filtered timeline holds exactly the rows shown", async ({ page }) => {
  const [clinic] = await seedClinics(page);
  await platform.activateClinic(clinic);
  await signInAs(page, STAFF);
  const placed = await activity(page, clinic.id, "order.placed");
  await page.goto("/events?type=order.placed");
  await expect(row(page, placed)).toBeVisible({ timeout: LIVE_TIMEOUT });
  await expect(page.getByText("End of history")).toBeVisible();
  const shownIds = () =>
    page.locator("tr[data-event-id]").evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-event-id") ?? ""));
  const newestFirst = await shownIds();
  await page.getByLabel("Sort order", { exact: true }).selectOption("oldest");
  await expect(page).toHaveURL(/sort=oldest/);
  await expect.poll(shownIds).toEqual([...newestFirst].reverse());

  const href = await page.getByRole("link", { name: "Export these events (CSV)" }).getAttribute("href");
  expect(href).toBe("/api/events/export?type=order.placed&sort=oldest");
  const response = await page.request.get(href ?? "");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/csv");
  const lines = (await response.text()).trim().split("\n");
  expect(lines[0]).toBe(
    "created,time_zone,created_utc,summary,type,category,source,received_utc,patient,patient_id,event_id",
  );
  const exported = lines.slice(1).map((line) => line.split(",").at(-1));
  expect(exported).toEqual([...newestFirst].reverse());
  const summaries = await page.locator("tr[data-event-id] [data-testid=event-summary]").allTextContents();
  for (const [i, line] of lines.slice(1).entries()) expect(line).toContain(summaries[i].replace(/"/g, '""'));
});

test("filters by category and date and keeps them in the URL", async ({ page }) => {
  const [clinic] = await seedClinics(page);
  await platform.activateClinic(clinic);
  await signInAs(page, STAFF);
  const orderId = await activity(page, clinic.id, "order.placed");
  const patientId = await activity(page, clinic.id, "patient.created");
  await page.goto("/events");
  await expect(row(page, patientId)).toBeVisible({ timeout: LIVE_TIMEOUT });

  await page.getByLabel("Category", { exact: true }).selectOption("orders");
  await expect(page).toHaveURL(/category=orders/);
  await expect(row(page, orderId)).toBeVisible();
  await expect(row(page, patientId)).toHaveCount(0);

  // The clinic's day (its default zone), not UTC's: from 00:00 to 05:00 UTC they differ.
  const today = clinicDayOf(new Date(), DEFAULT_CLINIC_TIME_ZONE);
  await page.getByLabel("Date filter").selectOption("before");
  await page.getByLabel("Day", { exact: true }).fill(today);
  await expect(row(page, orderId)).toHaveCount(0);
  await page.getByLabel("Date filter").selectOption("on");
  await expect(row(page, orderId)).toBeVisible();
});

test("the chart counts the filtered event type, and says a search narrows only the list", async ({ page }) => {
  const TYPE = "patient.emancipated"; // no other spec emits it
  const [clinic] = await seedClinics(page);
  await platform.activateClinic(clinic);
  await signInAs(page, STAFF);
  const chart = page.getByRole("img", { name: /Events per day by category \(Patient emancipated\)/ });
  const total = async () =>
    Number(/: (\d+) in all/.exec((await chart.getAttribute("aria-label")) ?? "")?.[1] ?? Number.NaN);
  await page.goto(`/events?type=${TYPE}`);
  await expect(page.locator("figcaption")).toContainText("Events per day: Patient emancipated");
  const before = await total();
  expect(before).toBeGreaterThanOrEqual(0);

  const ids = [
    await activity(page, clinic.id, TYPE),
    await activity(page, clinic.id, "patient.created"),
    await activity(page, clinic.id, TYPE),
  ];
  await expect(row(page, ids[2])).toBeVisible({ timeout: LIVE_TIMEOUT });
  await expect(row(page, ids[1])).toHaveCount(0); // the list follows the type filter too
  // Counted by the processing job a moment after arrival: the other type of the same category is not.
  await expect(async () => {
    await page.reload();
    expect(await total()).toBe(before + 2);
  }).toPass({ timeout: LIVE_TIMEOUT });

  await expect(page.getByText("The search narrows the list below, not these counts.")).toHaveCount(0);
  await page.getByLabel("Search by person or text").fill("no event holds this text");
  await expect(page.getByText("The search narrows the list below, not these counts.")).toBeVisible();
  await expect(row(page, ids[0])).toHaveCount(0);
  expect(await total()).toBe(before + 2);
});

test("a dropped and a duplicated delivery: reconciliation fills the gap, nothing twice", async ({ page }) => {
  const [clinic] = await seedClinics(page);
  await platform.activateClinic(clinic);
  await signInAsAdmin(page);
  await settled(page);
  await sandboxControl(page, "faults", { webhook_drop_next: 1, webhook_duplicate_next: 1 });
  // As documented, product.created names no clinic: the timeline shows this clinic's copy of it.
  const dropped = `${await activity(page, clinic.id, "product.created")}~${clinic.id}`;
  const duplicated = await activity(page, clinic.id, "patient.updated");
  await page.goto("/events");
  await expect(row(page, duplicated)).toHaveCount(1, { timeout: LIVE_TIMEOUT });
  await expect(row(page, dropped)).toHaveCount(0);

  await page.getByRole("button", { name: "Reconcile now" }).click();
  await expect(page.getByRole("progressbar", { name: "Reconciliation progress" })).toHaveAttribute(
    "aria-valuenow",
    "100",
    { timeout: 30_000 },
  );
  // Nobody entered this clinic's key in the app, so its timeline says "Not live" and is not refreshed
  // by arrivals: the product's copy is filed for the clinic by the job after the run ends, and the
  // page shows it on a reload, as a person would see it.
  await expect(async () => {
    await page.reload();
    await expect(row(page, dropped)).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: LIVE_TIMEOUT });
  await expect(row(page, dropped)).toContainText("Reconciliation");
  await expect(row(page, duplicated)).toHaveCount(1);
});

test("lists that give ids alone: reconciliation retrieves the dropped event and the timeline shows it", async ({
  page,
}) => {
  const [clinic] = await seedClinics(page);
  await platform.activateClinic(clinic);
  await signInAsAdmin(page);
  await settled(page);
  await sandboxControl(page, "faults", { webhook_drop_next: 1 });
  const dropped = await activity(page, clinic.id, "patient.created");
  const delivered = await activity(page, clinic.id, "order.placed");
  await page.goto("/events");
  await expect(row(page, delivered)).toHaveCount(1, { timeout: LIVE_TIMEOUT });
  await expect(row(page, dropped)).toHaveCount(0);

  // The platform's lists as its documentation describes them: ids alone, details by GET /api/events/{id}.
  await sandboxControl(page, "account", { event_lists: "ids" });
  try {
    await page.getByRole("button", { name: "Reconcile now" }).click();
    await expect(page.getByRole("progressbar", { name: "Reconciliation progress" })).toHaveAttribute(
      "aria-valuenow",
      "100",
      { timeout: 30_000 },
    );
  } finally {
    await sandboxControl(page, "account", { event_lists: "whole" });
  }
  await expect(row(page, dropped)).toHaveCount(1, { timeout: LIVE_TIMEOUT });
  await expect(row(page, dropped)).toContainText("Reconciliation");
  await expect(row(page, delivered)).toHaveCount(1);
});

test("out-of-order deliveries all arrive and show in order of creation", async ({ page }) => {
  const [clinic] = await seedClinics(page);
  await platform.activateClinic(clinic);
  await signInAs(page, STAFF);
  await settled(page);
  await sandboxControl(page, "faults", { webhook_reorder_next: 2 });
  const first = await activity(page, clinic.id, "lab_order.updated");
  const second = await activity(page, clinic.id, "product.updated");
  await page.goto("/events");
  await expect(row(page, first)).toBeVisible({ timeout: LIVE_TIMEOUT });
  await expect(row(page, second)).toBeVisible();
  const ids = await page
    .locator("tr[data-event-id]")
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-event-id")));
  expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
});

test("staff of one clinic never see another clinic's events", async ({ page }) => {
  const [clinicA, clinicB] = await seedClinics(page);
  await platform.activateClinic(clinicA);
  const idA = await activity(page, clinicA.id, "patient.created");
  // Make sure A's event has arrived before looking from B.
  await signInAs(page, STAFF);
  await page.goto(`/events?q=${idA}`);
  await expect(row(page, idA)).toBeVisible({ timeout: LIVE_TIMEOUT });
  await signOut(page);

  await signInAs(page, STAFF, { clinicIndex: 1 });
  expect((await currentSession(page)).user?.clinicId).toBe(clinicB.id);
  await page.goto(`/events?q=${idA}`);
  await expect(page.getByText("No events match these filters yet.")).toBeVisible();
  await page.goto("/events");
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
  await expect(row(page, idA)).toHaveCount(0);
});
