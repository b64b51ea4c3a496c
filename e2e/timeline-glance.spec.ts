// The timeline at a glance, as a front desk uses it on a desk's screen (1440 × 900): event types in
// words in the filter and in every row, the first rows above the fold, the chart's day under the
// pointer and a click that shows only that day, a link to one event that opens its drawer for a
// colleague, and "Today's activity" holding only today's events.
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { LIVE, ensureActivated, signInAsClinicAdmin } from "./support/clinic-admin";
import { STAFF, sandboxActivityId, signInAs } from "./support/session";
import { signDelivery } from "./support/signed-webhook";

test.use({ viewport: { width: 1440, height: 900 } });

const row = (page: Page, id: string) => page.locator(`tr[data-event-id="${id}"]`);

const activity = sandboxActivityId;

/** The clinic, activated, with its admin signed in on `page`. */
async function adminOfActiveClinic(page: Page): Promise<{ id: string }> {
  await signInAsClinicAdmin(page, 0);
  return ensureActivated(page, 0);
}

test("event types read as words in the filter and the rows, and the first rows show without scrolling", async ({
  page,
}) => {
  const clinic = await adminOfActiveClinic(page);
  await page.goto("/events");
  const id = await activity(page, clinic.id, "order.placed");
  await expect(row(page, id)).toBeVisible(LIVE);
  await expect(row(page, id)).toContainText("Order placed");
  await expect(row(page, id)).not.toContainText("order.placed");

  const options = await page.getByLabel("Event type").locator("option").allTextContents();
  expect(options).toContain("Order placed");
  expect(options).toContain("Plan lab recommendation updated");
  expect(
    options.filter((o) => /^[a-z_]+(\.[a-z_]+)+$/.test(o)),
    "no option is a code",
  ).toEqual([]);

  // An admin's timeline has the most above its list (the reconciliation line, the filters, the chart).
  await page.reload();
  const first = await page.locator("tr[data-event-id]").first().boundingBox();
  expect(first, "the list has a first row").not.toBeNull();
  expect(first!.y + first!.height, "the first row ends above the fold").toBeLessThanOrEqual(900);
});

test("the chart tells a day's counts under the pointer, and a click on the day shows only that day", async ({
  page,
}) => {
  const clinic = await adminOfActiveClinic(page);
  await page.goto("/events");
  // The chart's last day is today on the clinic's clock, as the app counts it.
  const today = (await page.locator("svg rect[data-day]").last().getAttribute("data-day")) ?? "";
  const id = await activity(page, clinic.id, "patient.updated");
  await expect(row(page, id)).toBeVisible(LIVE);
  const day = page.locator(`svg rect[data-day="${today}"]`);
  // Counted by the processing job a moment after arrival: until then the day may hold only other events.
  await expect(async () => {
    await page.reload();
    await day.hover();
    await expect(page.getByTestId("chart-tooltip")).toContainText(/\d+ events?/, { timeout: 1000 });
    await expect(page.getByTestId("chart-tooltip")).toContainText("Patients", { timeout: 1000 });
  }).toPass(LIVE);
  await day.click();
  await expect(page).toHaveURL(new RegExp(`[?&]date=${today}(&|$)`));
  await expect(page.getByLabel("Date filter")).toHaveValue("on");
  await expect(page.getByLabel("Day", { exact: true })).toHaveValue(today);
  await expect(row(page, id)).toBeVisible();

  // The same from the keyboard: each day of the table is a button.
  await page.goto("/events");
  await page.getByText("Show the numbers as a table").click();
  await page
    .getByRole("button", { name: /^Show only / })
    .last()
    .click();
  await expect(page).toHaveURL(new RegExp(`[?&]date=${today}(&|$)`));
});

test("an event's drawer has its own address: the link opens that event for a colleague", async ({ page, browser }) => {
  const clinic = await adminOfActiveClinic(page);
  await page.goto("/events");
  const id = await activity(page, clinic.id, "patient.created");
  await expect(row(page, id)).toBeVisible(LIVE);
  await row(page, id).getByTestId("event-summary").click();
  const drawer = page.getByRole("dialog");
  await expect(drawer).toContainText(id);
  await expect(page).toHaveURL(new RegExp(`[?&]event=${encodeURIComponent(id)}(&|$)`));
  await expect(drawer.getByRole("button", { name: "Copy a link to this event" })).toBeVisible();
  const link = page.url();
  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]event=/);

  const colleague = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signInAs(colleague, STAFF);
  await colleague.goto(link);
  const shared = colleague.getByRole("dialog");
  await expect(shared).toBeVisible();
  await expect(shared).toContainText(id);
  await expect(shared.getByRole("heading", { level: 2 })).toHaveText(/^New patient /);

  // A link to an event that is not this clinic's opens nothing it should not.
  await colleague.goto("/events?event=evt_of_nobody");
  await expect(colleague.getByRole("dialog")).toContainText("This event is not available.");
  await colleague.context().close();
});

test("Today's activity lists today's events and none of the days before", async ({ page }) => {
  const clinic = await adminOfActiveClinic(page);
  // A patient event from three days ago arrives late; one of today comes as it happens.
  const old = `evt_glance_old_${randomUUID()}`;
  const surname = `Before${Date.now().toString(36)}`;
  const body = JSON.stringify({
    event: {
      id: old,
      type: "patient.created",
      clinic_id: clinic.id,
      integration_id: null,
      created_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      data: { patient: { id: `pat_${randomUUID()}`, first_name: "Olden", last_name: surname } },
    },
  });
  const delivered = await page.request.post("/api/webhooks/clinic", {
    data: Buffer.from(body, "utf8"),
    headers: { "content-type": "application/json", "Service-Signature": signDelivery(body) },
  });
  expect(delivered.status()).toBe(200);
  const recent = await activity(page, clinic.id, "patient.updated");
  await page.goto("/events");
  await expect(row(page, recent)).toBeVisible(LIVE);
  // Stored, and on the timeline: found by the patient's name, as other specs' events of today come first.
  await expect(async () => {
    await page.goto(`/events?q=${surname}`);
    await expect(row(page, old)).toBeVisible({ timeout: 2_000 });
  }).toPass(LIVE);

  await page.goto("/");
  const panel = page.getByRole("region", { name: "Today's activity" });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("listitem").first()).toBeVisible();
  await expect(panel).not.toContainText(surname);
});
