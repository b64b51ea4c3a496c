// Words that said one thing while the page showed another: staff acting for a practitioner read whom
// a resource is shared with by name; after an upload no button offers to upload "0 files"; the
// webhook page says what its count is and what its rows are, and the two agree; every item on a home
// page opens what it is about. At both sizes.
import { expect, test, type Page } from "@playwright/test";
import { FILES } from "@/sandbox/testing/files";
import { RESOURCE_TITLES } from "@/sandbox/testing/seed-names";
import { platform, seedClinics } from "./support/activation";
import { ensureActivated, signInAsClinicAdmin, LIVE } from "./support/clinic-admin";
import { PRACTITIONER, STAFF, sandboxActivity, sandboxControl, signInAs } from "./support/session";
import { SCREEN_SIZES } from "./support/sizes";

interface SeedClinic {
  id: string;
  practitioners: { id: string; first_name: string; last_name: string }[];
}
const firstClinic = async (page: Page) => (await sandboxControl<{ clinics: SeedClinic[] }>(page, "seed")).clinics[0]!;
/**
 * The seeded resource the clinic's last practitioner shares with its first (the seed shares each
 * practitioner's first resource with the next), found by its name: other specs' uploads come first
 * in the library, newest first.
 */
const sharedWithFirst = (clinic: SeedClinic) =>
  `?q=${encodeURIComponent(RESOURCE_TITLES[((clinic.practitioners.length - 1) * 4) % RESOURCE_TITLES.length]!)}`;

for (const size of Object.values(SCREEN_SIZES)) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test("staff read whom a shared resource is shared with, by name", async ({ page }) => {
      const clinic = await firstClinic(page);
      const target = clinic.practitioners[0]!;
      await signInAs(page, STAFF);
      await page.goto(`/resources${sharedWithFirst(clinic)}&practitioner=${target.id}`);
      const badge = page
        .getByText(/^Shared with /)
        .filter({ visible: true })
        .first();
      await expect(badge).toHaveText(`Shared with ${target.first_name} ${target.last_name}`);
      await expect(page.getByText("Shared with you")).toHaveCount(0);
    });

    test("a practitioner reads “Shared with you”; once uploaded, no button offers to upload nothing", async ({
      page,
    }) => {
      const clinic = await firstClinic(page);
      await signInAs(page, PRACTITIONER);
      await page.goto(`/resources${sharedWithFirst(clinic)}`);
      await expect(page.getByText("Shared with you").filter({ visible: true }).first()).toBeVisible();
      const name = `nothing-left-${Date.now().toString(36)}.pdf`;
      await page.getByLabel("Choose files to upload").setInputFiles({
        name,
        mimeType: "application/pdf",
        buffer: FILES.pdf,
      });
      await page.getByRole("button", { name: "Upload 1 file" }).click();
      await expect(page.getByRole("listitem", { name }).getByRole("status")).toHaveText("Uploaded", {
        timeout: 20_000,
      });
      await expect(page.getByRole("button", { name: /^Upload / })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Clear uploaded" })).toBeVisible();
    });

    test("every home item opens what it is about", async ({ page, browser }) => {
      const clinic = await firstClinic(page);
      // Webhooks go to activated integrations only.
      await platform.activateClinic((await seedClinics(page))[0]!);
      // An event about no patient (a product) today: the front desk's home lists it.
      await sandboxActivity(page, clinic.id, "product.created");
      await signInAs(page, STAFF);
      const today = page.getByRole("region", { name: "Today's activity" });
      // An event line about no patient (the activation, the product): it opens the event itself.
      const product = today.locator('li a[href^="/events?event="]').first();
      // The home page is read when it loads: again until the webhook has arrived.
      await expect(async () => {
        await page.goto("/");
        await expect(product).toBeVisible({ timeout: 2_000 });
      }).toPass(LIVE);
      await expect(product).toHaveAttribute("href", /^\/events\?event=evt_/);
      await product.click();
      await expect(page).toHaveURL(/\/events\?event=evt_/);
      await expect(page.getByRole("dialog")).toBeVisible();

      const practitioner = await (await browser.newContext({ viewport: size })).newPage();
      await signInAs(practitioner, PRACTITIONER);
      await practitioner.goto("/");
      const resources = practitioner.getByRole("region", { name: "Your recent resources" });
      await expect(resources.locator('a[target="_blank"]').first()).toHaveAttribute("href", /^http/);
      await practitioner.context().close();
    });

    test("the webhook page's count and rows say what they are, and agree", async ({ page }) => {
      await signInAsClinicAdmin(page, 0);
      const clinic = await ensureActivated(page, 0);
      await sandboxActivity(page, clinic.id, "patient.created");
      await page.goto("/admin/webhooks");
      await expect(page.getByText(/received by the app in the last 24 hours/)).toBeVisible();
      const rows = page.locator("[data-delivery-event]:visible");
      await expect(rows.first()).toBeVisible(LIVE);
      // One event's attempts: the sentence counts exactly the rows shown.
      const eventId = await rows.first().getAttribute("data-delivery-event");
      await page.goto(`/admin/webhooks?event_id=${eventId}`);
      const count = await rows.count();
      expect(count).toBeGreaterThan(0);
      await expect(page.getByTestId("attempts-shown")).toContainText(
        `The platform reports ${count} delivery attempt${count === 1 ? "" : "s"} matching the filters.`,
      );
    });
  });
}
