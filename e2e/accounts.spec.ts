// Admin → Accounts at a desk and on a phone, on the first seeded clinic: a row's Actions menu opens
// above everything (no table clips it, and near the window's bottom it opens upward), is used with
// the keyboard, and granting admin rights asks first, as removing them does. Everyone the platform
// lists is there with their state in words (not signed in yet, signed out, access revoked by whom),
// and an admin can make someone an admin before their first sign-in.
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { nameOf, seedPeople, signInAsClinicAdmin } from "./support/clinic-admin";
import { PRACTITIONER, STAFF, currentSession, signInAs, signOut } from "./support/session";
import { toastSaying } from "./support/toasts";
import { E2E_ENV } from "@/tooling/testing/e2e-stacks";
import { axeProblems } from "./support/axe";
import { SCREEN_SIZES } from "./support/sizes";

const CLINIC = 0;
const SIZES = Object.entries(SCREEN_SIZES).map(([name, size]) => ({ name, ...size }));

/** The Actions buttons as laid out at this size (the table's rows on a desk, the cards on a phone). */
const menuButtons = (page: Page) => page.getByRole("button", { name: /^Actions for / }).filter({ visible: true });

/** The panel a menu button controls. */
const panelOf = async (page: Page, button: Locator) =>
  page.locator(`[id="${await button.getAttribute("aria-controls")}"]`);

/** Every one of the panel's enabled buttons is what the window shows at its centre: nothing covers or clips it. */
async function expectReachable(panel: Locator): Promise<void> {
  const hidden = await panel.evaluate((box) =>
    [...box.querySelectorAll<HTMLButtonElement>("button:not([disabled])")]
      .filter((b) => {
        const r = b.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !hit || !b.contains(hit);
      })
      .map((b) => b.textContent),
  );
  expect(hidden, "buttons of the menu hidden under something else").toEqual([]);
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

for (const size of SIZES) {
  test(`accounts at a ${size.name}: the last row's menu opens above everything, by mouse and keyboard`, async ({
    page,
  }) => {
    test.setTimeout(120_000); // a sign-in and axe, on a shared machine
    await page.setViewportSize({ width: size.width, height: size.height });
    await signInAsClinicAdmin(page, CLINIC);
    await page.goto("/admin/accounts");
    const button = menuButtons(page).last();
    await expect(button).toBeVisible();

    // Opened where it is: whole inside the window, every action in reach without scrolling the table.
    await button.click();
    const panel = await panelOf(page, button);
    await expect(panel).toBeVisible();
    const opened = await box(panel);
    expect(opened.y).toBeGreaterThanOrEqual(0);
    expect(opened.y + opened.height).toBeLessThanOrEqual(size.height);
    expect(opened.x).toBeGreaterThanOrEqual(0);
    expect(opened.x + opened.width).toBeLessThanOrEqual(size.width);
    await expectReachable(panel);
    expect(await axeProblems(page)).toEqual([]);

    // The button at the window's bottom edge: the menu opens upward, above it.
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();
    await page.evaluate(() => {
      // Room to scroll the last row to the bottom edge, whatever the page's length.
      document.documentElement.style.paddingTop = `${window.innerHeight}px`;
    });
    await button.evaluate((b) => window.scrollBy(0, b.getBoundingClientRect().bottom - window.innerHeight + 4));
    await button.click();
    await expect(panel).toBeVisible();
    await expect(panel).toHaveAttribute("data-side", "above");
    const above = await box(panel);
    expect(above.y).toBeGreaterThanOrEqual(0);
    expect(above.y + above.height).toBeLessThanOrEqual((await box(button)).y);
    await expectReachable(panel);

    // The keyboard: arrows walk the actions and wrap, Escape closes and gives focus back to the button.
    await page.keyboard.press("Escape");
    await button.focus();
    await page.keyboard.press("ArrowDown");
    await expect(panel).toBeVisible();
    const items = panel.locator("button:not([disabled])");
    const count = await items.count();
    expect(count).toBeGreaterThan(0);
    await expect(items.first()).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(items.last()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(items.first()).toBeFocused();
    await page.keyboard.press("End");
    await expect(items.last()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();
  });
}

test("granting admin rights asks first, as removing them does", async ({ page, browser }) => {
  test.setTimeout(120_000); // two sign-ins, on a shared machine
  await signInAsClinicAdmin(page, CLINIC);
  await page.goto("/admin/accounts");
  // Somebody else who has signed in: the clinic's first staff member who is not its Clinic admin.
  const other = await browser.newContext({ baseURL: E2E_ENV.APP_URL });
  const otherPage = await other.newPage();
  await signInAs(otherPage, STAFF, { clinicIndex: CLINIC, nth: 1 });
  await other.close();
  await page.reload();
  const row = page.locator("tr[data-user-id]").filter({ hasNotText: "(you)" }).first();
  const role = row.locator('[data-column="role"]');
  await expect(role).toHaveText("Staff");
  await row.getByRole("button", { name: /^Actions for / }).click();
  await row.getByRole("button", { name: /^Promote to admin: / }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(/^Make .+ an admin\?/);
  await expect(dialog).toContainText("admin console");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(role, "cancelled: nothing changed").toHaveText("Staff");
});

/** A person's row as laid out at this size: a table row on a desk, a card on a phone. */
const personRow = (page: Page, id: string) => page.locator(`[data-user="${id}"]`).filter({ visible: true });

/** In its own browser: signs in as the clinic's nth practitioner, and out again when asked. */
async function practitionerVisits(browser: Browser, nth: number, signOutAfter: boolean): Promise<void> {
  const context = await browser.newContext({ baseURL: E2E_ENV.APP_URL });
  const page = await context.newPage();
  await signInAs(page, PRACTITIONER, { clinicIndex: CLINIC, nth });
  if (signOutAfter) await signOut(page);
  await context.close();
}

for (const size of SIZES) {
  test(`accounts at a ${size.name}: everyone the platform lists, in words, and admin rights before a first sign-in`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000); // three sign-ins besides the admin's, on a shared machine
    await page.setViewportSize({ width: size.width, height: size.height });
    const seed = await seedPeople(page, CLINIC);
    const [, revokedOne, signedOutOne] = seed.practitioners;
    // Someone who has not signed in yet: at a desk a practitioner who then does; on a phone the office
    // manager, whose grant is withdrawn again (the desk's newcomer has signed in by then).
    const newcomer = size.name === "desk" ? seed.practitioners[3] : seed.staff[2];
    await signInAsClinicAdmin(page, CLINIC);
    const admin = nameOf(seed.staff.find((s) => s.role === "Clinic admin")!);

    // One signs out by themselves; another is signed in, then an admin revokes their access.
    await practitionerVisits(browser, 2, true);
    await practitionerVisits(browser, 1, false);
    await page.goto("/admin/accounts");
    const revoked = personRow(page, revokedOne.id);
    await revoked.getByRole("button", { name: /^Actions for / }).click();
    await revoked.getByRole("button", { name: /^Revoke .*connection$/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
    await expect(revoked.locator('[data-column="state"]')).toContainText(`Access revoked by ${admin}`);
    await page.keyboard.press("Escape"); // the menu stays open with its answer until closed

    // Everyone the platform lists, whether or not they have signed in, each state in words.
    for (const person of [...seed.practitioners, ...seed.staff])
      await expect(personRow(page, person.id)).toContainText(nameOf(person));
    // A card on a phone says "State: …" before it.
    await expect(personRow(page, signedOutOne.id).locator('[data-column="state"]')).toHaveText(/(^|:\s*)Signed out$/);
    const newcomerRow = personRow(page, newcomer.id);
    await expect(newcomerRow.locator('[data-column="state"]')).toHaveText(/(^|:\s*)Has not signed in yet$/);
    expect(await axeProblems(page)).toEqual([]);

    // Made an admin before their first sign-in, after saying so.
    const basis = newcomerRow.locator('[data-column="admin-basis"]');
    await newcomerRow.getByRole("button", { name: /^Actions for / }).click();
    await newcomerRow.getByRole("button", { name: `Make admin from first sign-in: ${nameOf(newcomer)}` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("has not signed in to the app yet");
    await dialog.getByRole("button", { name: "Make admin from first sign-in" }).click();
    await expect(toastSaying(page, `${nameOf(newcomer)} will be an admin from their first sign-in.`)).toBeVisible();
    await expect(basis).toHaveText(new RegExp(`(^|:\\s*)Admin from their first sign-in, granted by ${admin}$`));

    if (size.name === "phone") {
      // Withdrawn before they come: nothing waits for them.
      await newcomerRow.getByRole("button", { name: `Withdraw the admin right: ${nameOf(newcomer)}` }).click();
      await expect(basis).toHaveText(/(^|:\s*)—$/);
      return;
    }
    // Their first sign-in makes them an admin; the trail names them.
    const context = await browser.newContext({ baseURL: E2E_ENV.APP_URL });
    const theirs = await context.newPage();
    await signInAs(theirs, PRACTITIONER, { clinicIndex: CLINIC, nth: 3 });
    expect((await currentSession(theirs)).user?.role).toBe("Admin");
    await context.close();
    await page.goto("/admin/audit");
    await expect(page.locator('[data-audit-action="admin.promoted"]').first()).toContainText(nameOf(newcomer));
    // Handed back, so the rest of the run finds a practitioner.
    await page.goto("/admin/accounts");
    await personRow(page, newcomer.id)
      .getByRole("button", { name: /^Actions for / })
      .click();
    await personRow(page, newcomer.id)
      .getByRole("button", { name: /^Demote / })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Demote" }).click();
    await expect(personRow(page, newcomer.id).locator('[data-column="role"]')).toHaveText("Practitioner");
  });
}
