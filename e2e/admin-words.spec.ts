// The admin pages in words at a desk and on a phone, on the second seeded clinic (activated, as
// admin.spec.ts has it): the clinic key's last word from the platform named as an event is named on
// Events, not by its code or id; platform changes name event types in words and say what to do; the
// webhook date filter is on the clinic's clock, and the page says what to do about a failed delivery
// (the platform has no manual retry); the audit trail names people, patients, times and the app's own
// records (a reconciliation run by its kind, not its id).
import { expect, test } from "@playwright/test";
import { ensureActivated, reconcileNow, registerWebhookEndpoint, signInAsClinicAdmin } from "./support/clinic-admin";
import { SCREEN_SIZES } from "./support/sizes";

const CLINIC = 1;
const SIZES = Object.entries(SCREEN_SIZES).map(([name, size]) => ({ name, ...size }));
const RAW_UTC = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

for (const size of SIZES)
  test(`admin pages at a ${size.name} say things in words`, async ({ page }) => {
    test.setTimeout(180_000); // a sign-in, an activation and five pages, on a shared machine
    await page.setViewportSize({ width: size.width, height: size.height });
    await registerWebhookEndpoint(page);
    await signInAsClinicAdmin(page, CLINIC);
    await ensureActivated(page, CLINIC);

    // Clinic key: the platform's last word in words and on the clinic's clock.
    const panel = page.locator(`section[aria-labelledby="key-state"]`);
    await expect(panel).toContainText("Last word from the platform");
    await expect(panel).toContainText(/Clinic key activated, \d+ \w+ \d{4}, \d{2}:\d{2} /);
    await expect(panel).not.toContainText("clinic_key.");
    await expect(panel).not.toContainText("Decided by");

    // Webhooks: the date filter is on the clinic's clock, as everything else.
    await page.goto("/admin/webhooks");
    await expect(page.getByText("Attempt date, on the clinic's clock")).toBeVisible();
    await expect(page.getByText("Attempt date, UTC")).toHaveCount(0);
    // No retry by hand on this platform: the page says what an admin can do instead.
    const noRetry = page.getByTestId("no-manual-retry");
    await expect(noRetry).toContainText("no way to send it again by hand");
    await expect(noRetry.getByRole("link", { name: "reconciliation" })).toHaveAttribute(
      "href",
      "/admin/reconciliation",
    );

    // Platform changes: an event type in words, and what to do about it.
    await page.goto("/admin/platform-changes");
    const main = page.locator("main");
    await expect(main).not.toContainText(/Event [a-z_]+\.[a-z_]+/);
    if ((await page.locator('[id^="drift-"]:not(#drift-advice)').count()) > 0) {
      await expect(page.locator(`section[aria-labelledby="drift-advice"]`)).toContainText("What to do");
      await expect(page.locator(`section[aria-labelledby="drift-advice"]`)).toContainText("needs nothing from you");
    }

    // A reconciliation run is an entry about one of the app's own records (the schedule starts one every
    // quarter hour, so CI met it by chance): the trail names its kind, not its row id.
    await reconcileNow(page);

    // The audit trail: the key's entry by who entered it, and no raw instant or internal id in sight.
    await page.goto("/admin/audit");
    await expect(
      page.locator('[data-audit-action="reconciliation.started"]').filter({ visible: true }).first(),
    ).toContainText("reconciliation run");
    await expect(
      page.locator('[data-audit-action="clinic_key.entered"]').filter({ visible: true }).first(),
    ).toBeVisible();
    const text = await page.locator("main").innerText();
    expect(text).not.toMatch(RAW_UTC);
    expect(text).not.toMatch(UUID);
    // Its times' zone by the city and its clock's name, not the IANA name.
    expect(text).not.toMatch(/America\//);
    // (Other specs may move the clinic's clock: whichever city, named with its clock's name.)
    await expect(page.getByText(/Times are in [^/()]+ \([^/()]+\)\./)).toBeVisible();
    await expect(page.getByLabel(/^From \([^/()]+ \([^/()]+\)\)$/)).toBeVisible();
  });
