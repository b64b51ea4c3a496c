// What people bring from the event logs they know, on a desk and on a phone: times said as "how long
// ago" with the exact time at hand, one-click dates on the clinic's clock, and the patient's name in
// the CSV export.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { LIVE, ensureActivated, signInAsClinicAdmin } from "./support/clinic-admin";
import { deliverSigned } from "./support/signed-webhook";
import { SCREEN_SIZES } from "./support/sizes";

const row = (page: Page, id: string) => page.locator(`[data-event-id="${id}"]:visible`);

for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
  test.describe(`on a ${size}`, () => {
    test.use({ viewport });

    test("relative times, date presets and the patient's name in the CSV", async ({ page }) => {
      await signInAsClinicAdmin(page, 0);
      const clinic = await ensureActivated(page, 0);
      const surname = `Presetta${randomUUID().slice(0, 6)}`;
      const patientId = `pat_${randomUUID()}`;
      const [old, order] = [`evt_dates_old_${randomUUID()}`, `evt_dates_order_${randomUUID()}`];
      // The patient arrived three days ago; their order now.
      await deliverSigned(page, {
        id: old,
        type: "patient.created",
        clinic_id: clinic.id,
        created_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
        data: { patient: { id: patientId, first_name: "Nora", last_name: surname } },
      });
      await deliverSigned(page, {
        id: order,
        type: "order.placed",
        clinic_id: clinic.id,
        created_at: new Date().toISOString(),
        data: { id: `ord_${randomUUID()}`, order_number: "R000000888", patient_id: patientId, line_items: [] },
      });

      // A search by name finds the order once processing has learned the patient's name, which does
      // not move the live head: read again until it has.
      await expect(async () => {
        await page.goto(`/events?q=${surname}`);
        await expect(row(page, order).getByTestId("event-summary")).toContainText(`Nora ${surname}`, { timeout: 2000 });
      }).toPass(LIVE);
      await expect(row(page, old)).toBeVisible();

      // How long ago, with the exact time (on the clinic's clock, with its zone) in the tooltip.
      const newest = row(page, order).locator("time");
      await expect(newest).toContainText(/^(now|\d+ minutes? ago)/);
      await expect(newest).toHaveAttribute("title", /^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2}/);
      await expect(row(page, old).locator("time")).toContainText(/^3 days ago/);

      const presets = page.getByRole("group", { name: "Quick dates" });
      await presets.getByRole("button", { name: "Today" }).click();
      await expect(page).toHaveURL(/[?&]date=\d{4}-\d{2}-\d{2}(&|$)/);
      await expect(presets.getByRole("button", { name: "Today" })).toHaveAttribute("aria-pressed", "true");
      await expect(row(page, order)).toBeVisible();
      await expect(row(page, old)).toHaveCount(0);

      await presets.getByRole("button", { name: "Last 7 days" }).click();
      await expect(page).toHaveURL(/[?&]date=\d{4}-\d{2}-\d{2}\.\.\d{4}-\d{2}-\d{2}(&|$)/);
      await expect(presets.getByRole("button", { name: "Last 7 days" })).toHaveAttribute("aria-pressed", "true");
      await expect(presets.getByRole("button", { name: "Today" })).toHaveAttribute("aria-pressed", "false");
      await expect(row(page, order)).toBeVisible();
      await expect(row(page, old)).toBeVisible();

      await presets.getByRole("button", { name: "Yesterday" }).click();
      await expect(row(page, order)).toHaveCount(0);
      await expect(row(page, old)).toHaveCount(0);

      // The export of the last 7 days names the patient beside their id.
      await presets.getByRole("button", { name: "Last 7 days" }).click();
      await expect(row(page, old)).toBeVisible();
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: "Export these events (CSV)" }).click();
      const lines = (await readFile((await (await download).path())!, "utf8")).trim().split("\n");
      expect(lines[0].split(",").slice(-3)).toEqual(["patient", "patient_id", "event_id"]);
      // The last columns hold no commas (the summary, before them, may).
      const orderLine = lines.find((line) => line.endsWith(`,${order}`));
      expect(orderLine?.split(",").slice(-3)).toEqual([`Nora ${surname}`, patientId, order]);
    });
  });
}
