// An event's drawer reads in words, on a desk and on a phone: an order's items as "2 × Magnesium
// Glycinate", its practitioner by name, no integration id, and a field the platform never documented
// folded under "More details".
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { LIVE, ensureActivated, signInAsClinicAdmin } from "./support/clinic-admin";
import { sandboxActivity, sandboxControl } from "./support/session";
import { deliverSigned } from "./support/signed-webhook";
import { SCREEN_SIZES } from "./support/sizes";

interface SeedPerson {
  id: string;
  first_name: string;
  last_name: string;
}

for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
  test.describe(`on a ${size}`, () => {
    test.use({ viewport });

    test("an order's drawer names its items and practitioner, and folds what nobody documented", async ({ page }) => {
      await signInAsClinicAdmin(page, 0);
      const clinic = await ensureActivated(page, 0);
      const seed = await sandboxControl<{ clinics: Array<{ id: string; practitioners: SeedPerson[] }> }>(page, "seed");
      const practitioner = seed.clinics.find((c) => c.id === clinic.id)!.practitioners[0];

      // A product the clinic hears of, so its variant has a name; the order then names only the variant.
      const product = `Magnesium Glycinate ${randomUUID().slice(0, 6)}`;
      const created = await sandboxActivity<{ variants: Array<{ id: string }> }>(page, clinic.id, "product.created", {
        name: product,
      });
      await page.goto(`/events?q=${encodeURIComponent(product)}`);
      await expect(page.locator(`[data-event-id^="${created.id}"]:visible`)).toBeVisible(LIVE);

      const id = `evt_drawer_${randomUUID()}`;
      await deliverSigned(page, {
        id,
        type: "order.placed",
        clinic_id: clinic.id,
        integration_id: "int_never_shown",
        created_at: new Date().toISOString(),
        data: {
          id: `ord_${randomUUID()}`,
          order_number: "R000000777",
          completed_at: new Date().toISOString(),
          patient_id: `pat_${randomUUID()}`,
          practitioner_ids: [practitioner.id],
          treatment_plan_ids: [],
          line_items: [{ variant_id: created.data.variants[0].id, quantity: 2, type: "supplement" }],
          loyalty_tier: "gold",
        },
      });

      await page.goto(`/events?event=${encodeURIComponent(id)}`);
      const drawer = page.getByRole("dialog");
      const order = drawer.getByRole("region", { name: "The order" });
      await expect(order).toContainText(`2 × ${product}`, LIVE);
      await expect(order).toContainText(`${practitioner.first_name} ${practitioner.last_name}`);
      await expect(order).not.toContainText(practitioner.id);
      await expect(order).toContainText("R000000777");
      await expect(drawer).not.toContainText("int_never_shown");
      await expect(drawer).not.toContainText("Integration");
      await expect(order).not.toContainText("{");

      const more = order.getByText("More details");
      await expect(more).toBeVisible();
      await expect(order.getByText("gold")).toBeHidden();
      await more.click();
      await expect(order.getByText("Loyalty tier")).toBeVisible();
      await expect(order.getByText("gold")).toBeVisible();
    });
  });
}
