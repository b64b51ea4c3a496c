// Back works as on any site, on a desk and on a phone: on Events, Back closes an open event and the
// next Back undoes the last filter; a row is a real link that opens its event in a new tab; on Patients
// and Resources, the search, the page size and the filters are history entries that Back undoes.
import { expect, test, type Page } from "@playwright/test";
import { LIVE, ensureActivated, signInAsClinicAdmin } from "./support/clinic-admin";
import { PRACTITIONER, sandboxActivityId, signInAs } from "./support/session";
import { SCREEN_SIZES } from "./support/sizes";

const activity = sandboxActivityId;

/** The event's row or card, whichever the screen shows. */
const row = (page: Page, id: string) => page.locator(`[data-event-id="${id}"]:visible`);

for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
  test.describe(`on a ${size}`, () => {
    test.use({ viewport });

    test("Events: Back closes the open event, then undoes the last filter; a row opens in a new tab", async ({
      page,
      context,
    }) => {
      await signInAsClinicAdmin(page, 0);
      const clinic = await ensureActivated(page, 0);
      const order = await activity(page, clinic.id, "order.placed");
      await page.goto("/events");
      await expect(row(page, order)).toBeVisible(LIVE);

      await page.getByLabel("Category", { exact: true }).selectOption("orders");
      await expect(page).toHaveURL(/[?&]category=orders(&|$)/);
      const summary = row(page, order).getByTestId("event-summary");
      await expect(summary).toHaveAttribute("href", `/events?category=orders&event=${encodeURIComponent(order)}`);

      await summary.click();
      const drawer = page.getByRole("dialog");
      await expect(drawer).toContainText(order);
      await expect(page).toHaveURL(new RegExp(`[?&]event=${encodeURIComponent(order)}(&|$)`));

      await page.goBack();
      await expect(drawer).toHaveCount(0);
      await expect(page).toHaveURL(/\/events\?category=orders$/);
      await expect(page.getByLabel("Category", { exact: true })).toHaveValue("orders");

      await page.goBack();
      await expect(page).toHaveURL(/\/events$/);
      await expect(page.getByLabel("Category", { exact: true })).toHaveValue("");
      await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();

      // Forward again, then the drawer's Close goes back to the entry it was opened from.
      await page.goForward();
      await expect(page.getByLabel("Category", { exact: true })).toHaveValue("orders");
      await summary.click();
      await expect(drawer).toBeVisible();
      await drawer.getByRole("button", { name: "Close" }).click();
      await expect(drawer).toHaveCount(0);
      await page.goBack();
      await expect(page.getByLabel("Category", { exact: true })).toHaveValue("");

      // Ctrl+click opens the event in a new tab, and leaves this one as it was.
      const opened = context.waitForEvent("page");
      await row(page, order)
        .getByTestId("event-summary")
        .click({ modifiers: ["ControlOrMeta"] });
      const tab = await opened;
      await expect(tab.getByRole("dialog")).toContainText(order, LIVE);
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).toHaveURL(/\/events$/);
      await tab.close();
    });

    test("Patients: Back undoes the page size, then the search", async ({ page }) => {
      await signInAs(page, PRACTITIONER);
      await page.goto("/patients");
      const pager = page.getByRole("navigation", { name: "Pages of patients" });
      await expect(pager).toContainText("Page 1 of");
      const search = page.getByLabel("Search patients", { exact: true });
      // A search that finds someone whatever patients other specs have added: the first three letters
      // of the first listed patient's first name.
      const listed = page.locator("[data-patient-id]").filter({ visible: true }).first().getByRole("link").first();
      const term = (await listed.innerText()).trim().slice(0, 3).toLowerCase();
      // One spell of typing is one entry, however many pauses it holds.
      await search.pressSequentially(term.slice(0, 2), { delay: 50 });
      await expect(page).toHaveURL(new RegExp(`[?&]q=${term.slice(0, 2)}(&|$)`));
      await search.pressSequentially(term.slice(2), { delay: 50 });
      await expect(page).toHaveURL(new RegExp(`[?&]q=${term}(&|$)`));
      await search.blur();
      await pager.getByLabel("Per page").selectOption("10");
      await expect(page).toHaveURL(/[?&]size=10(&|$)/);

      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/patients\\?q=${term}$`));
      await expect(pager.getByLabel("Per page")).toHaveValue("25");
      await expect(search).toHaveValue(term);

      await page.goBack();
      await expect(page).toHaveURL(/\/patients$/);
      await expect(search).toHaveValue("");
      await expect(page.getByRole("heading", { level: 1, name: "Patients" })).toBeVisible();
    });

    test("Resources: Back undoes the last filter", async ({ page }) => {
      await signInAs(page, PRACTITIONER);
      await page.goto("/resources");
      const filters = page.getByRole("search").filter({ has: page.getByLabel("Search by name") });
      await filters.getByLabel("Type").selectOption("Handout");
      await expect(page).toHaveURL(/[?&]type=Handout(&|$)/);
      await filters.getByLabel("Category").selectOption("Nutrition");
      await expect(page).toHaveURL(/[?&]category=Nutrition(&|$)/);

      await page.goBack();
      await expect(page).toHaveURL(/\/resources\?type=Handout$/);
      await expect(filters.getByLabel("Category")).toHaveValue("");
      await expect(filters.getByLabel("Type")).toHaveValue("Handout");

      await page.goBack();
      await expect(page).toHaveURL(/\/resources$/);
      await expect(filters.getByLabel("Type")).toHaveValue("");
      await expect(page.getByRole("heading", { level: 1, name: "Resources" })).toBeVisible();
    });
  });
}
