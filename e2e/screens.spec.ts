// Every page and state, for each role, on a desktop (1440 × 900) and a phone (390 × 844): no page is
// wider than the screen, dialogs sit inside the viewport and centred, focus comes back to the control
// that opened them, and axe finds no serious or critical accessibility violation, in light and in dark.
import { expect, test, type Page } from "@playwright/test";
import { axeProblems } from "./support/axe";
import { FILES } from "@/sandbox/testing/files";
import { signInAsClinicAdmin } from "./support/clinic-admin";
import { PRACTITIONER, STAFF, currentSession, signInAs } from "./support/session";
import { pageShade } from "./support/theme";

// Checked as the page rests: with reduced motion the app changes colours at once (app/globals.css),
// so a switch to dark is not caught halfway through a button's colour transition.
test.use({ reducedMotion: "reduce" });

const SIZES = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

type Role = "practitioner" | "staff" | "admin";

/** Who signs in for each role: the third practitioner and staff member of clinic A are never its admin. */
const SIGN_IN: Record<Role, (page: Page) => Promise<void>> = {
  practitioner: async (page) => void (await signInAs(page, PRACTITIONER, { nth: 2 })),
  staff: async (page) => void (await signInAs(page, STAFF, { nth: 2 })),
  admin: (page) => signInAsClinicAdmin(page, 0),
};

const PAGES: Record<Role, string[]> = {
  practitioner: [
    "/",
    "/resources",
    "/patients",
    "/events",
    "/events?from=not-a-day",
    "/patients?q=nobody-by-this-name",
    "/patients/new",
    "/plans",
    "/embedded",
    "/embedded/platform",
    "/search",
    "/search?q=nobody-by-this-name",
  ],
  staff: ["/", "/resources", "/patients", "/plans", "/events", "/embedded/platform?entrypoint=labs", "/search?q=ab"],
  admin: [
    "/",
    "/resources",
    "/patients",
    "/events",
    "/search?q=patient",
    "/admin",
    "/admin/accounts",
    "/admin/webhooks",
    "/admin/webhooks?outcome=nonsense&from=nope",
    "/admin/clinic-key",
    "/admin/environment",
    "/admin/platform-changes",
    "/admin/settings",
    "/admin/reconciliation",
    "/admin/audit",
    "/admin/alerts",
  ],
};

async function overflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}

async function expectFits(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth } = await overflow(page);
  expect(scrollWidth, `${where} is ${scrollWidth} px wide on a ${innerWidth} px screen`).toBeLessThanOrEqual(
    innerWidth,
  );
}

async function expectAccessible(page: Page, where: string): Promise<void> {
  expect(await axeProblems(page), `axe on ${where}`).toEqual([]);
}

/** The open dialog lies inside the viewport, centred across it (and down it when shorter). */
async function expectDialogCentred(page: Page, where: string): Promise<void> {
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.x, `${where}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${where}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${where}: right edge`).toBeLessThanOrEqual(width);
  expect(box.y + box.height, `${where}: bottom edge`).toBeLessThanOrEqual(height);
  expect(Math.abs(box.x - (width - box.x - box.width)), `${where}: centred across`).toBeLessThanOrEqual(2);
  expect(Math.abs(box.y - (height - box.y - box.height)), `${where}: centred down`).toBeLessThanOrEqual(2);
}

/** With SCREENSHOTS_DIR set (outside the repository), each page and state is also photographed for review. */
async function snap(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  const { width } = page.viewportSize()!;
  const slug = name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "");
  await page.screenshot({ path: `${dir}/${width}-${slug}.png`, fullPage: true });
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await settle(page);
}

/** A staff member's library is a practitioner's: pick the first one offered. */
async function openLibrary(page: Page): Promise<void> {
  await visit(page, "/resources");
  const picker = page.getByLabel("Acting for practitioner");
  if ((await picker.count()) > 0 && !(await picker.inputValue())) {
    const value = await picker.locator("option").nth(1).getAttribute("value");
    await picker.selectOption(value!);
    await settle(page);
  }
}

async function ensureResource(page: Page, name: string): Promise<void> {
  const input = page.getByLabel("Choose files to upload");
  await input.setInputFiles({ name: `${name}.pdf`, mimeType: "application/pdf", buffer: FILES.pdf });
  await expect(page.getByRole("list", { name: "Files to upload" })).toBeVisible();
}

// The clinic's first user becomes its admin: make sure that is one of the usual ones, whichever spec runs first.
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInAsClinicAdmin(page, 0);
  await page.close();
});

for (const role of ["practitioner", "staff", "admin"] as const) {
  for (const [sizeName, size] of Object.entries(SIZES)) {
    test(`${role} at ${sizeName} size: every page fits, passes axe`, async ({ page }) => {
      // Each page twice (light, dark) with axe: the admin's pages alone take minutes.
      test.setTimeout(480_000);
      await page.setViewportSize(size);
      await SIGN_IN[role](page);
      if (role === "admin") expect((await currentSession(page)).user?.role).toBe("Admin");
      for (const path of PAGES[role]) {
        await visit(page, path);
        await snap(page, `${role} ${path}`);
        await expectFits(page, `${path} (${role}, ${sizeName})`);
        await expectAccessible(page, `${path} (${role}, ${sizeName})`);
        // The same page with the system in dark mode (no theme chosen: the app follows the system).
        await page.emulateMedia({ colorScheme: "dark" });
        await expect.poll(() => pageShade(page)).toBe("dark");
        await snap(page, `dark ${role} ${path}`);
        await expectFits(page, `${path} (${role}, ${sizeName}, dark)`);
        await expectAccessible(page, `${path} (${role}, ${sizeName}, dark)`);
        await page.emulateMedia({ colorScheme: "light" });
      }
      if (role === "practitioner" && sizeName === "desktop") {
        // "/" goes to the page's search; the page size is kept in the address through a reload.
        await visit(page, "/patients");
        await page.keyboard.press("/");
        await expect(page.getByLabel("Search patients")).toBeFocused();
        await page.getByLabel("Per page").selectOption("10");
        await expect(page).toHaveURL(/[?&]size=10\b/);
        await page.reload();
        await expect(page.getByLabel("Per page")).toHaveValue("10");
      }
      if (sizeName === "phone") {
        const menu = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Menu" });
        await menu.click();
        await expect(
          page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events" }),
        ).toBeVisible();
        await expectAccessible(page, `the open menu (${role})`);
        await page.keyboard.press("Escape");
        await expect(menu).toBeFocused();
        await expect(menu).toHaveAttribute("aria-expanded", "false");
      }
    });
  }
}

for (const [sizeName, size] of Object.entries(SIZES)) {
  test(`signed out at ${sizeName} size: home and sign-in fit and pass axe`, async ({ page }) => {
    await page.setViewportSize(size);
    for (const path of ["/", "/signin"]) {
      await visit(page, path);
      await expectFits(page, `${path} signed out`);
      await expectAccessible(page, `${path} signed out`);
      await page.emulateMedia({ colorScheme: "dark" });
      await snap(page, `dark signed out ${path}`);
      await expectAccessible(page, `${path} signed out, dark`);
      await page.emulateMedia({ colorScheme: "light" });
    }
  });

  test(`resource dialogs and the upload queue at ${sizeName} size: centred, accessible, focus back`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    // The dialogs and the queue in dark on the phone, in light on the desktop.
    await page.emulateMedia({ colorScheme: sizeName === "phone" ? "dark" : "light" });
    await signInAs(page, PRACTITIONER, { nth: 2 });
    await openLibrary(page);
    const name = `screens-${Date.now().toString(36)}`;
    await ensureResource(page, name);
    await snap(page, "upload queue");
    await expectFits(page, "the upload queue");
    await expectAccessible(page, "the upload queue");
    await page.getByRole("button", { name: /^Upload \d+ files?$/ }).click();
    await expect(page.getByRole("button", { name: `Edit ${name}` }).filter({ visible: true })).toBeVisible({
      timeout: 30_000,
    });

    const edit = page.getByRole("button", { name: `Edit ${name}` }).filter({ visible: true });
    await edit.click();
    await expectDialogCentred(page, "the edit dialog");
    await snap(page, "edit dialog");
    await expectAccessible(page, "the edit dialog");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(edit).toBeFocused();

    await edit.click();
    await page.getByRole("dialog").getByRole("button", { name: /^Save/ }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(edit).toBeFocused();

    const remove = page.getByRole("button", { name: `Delete ${name}` }).filter({ visible: true });
    await remove.click();
    await expectDialogCentred(page, "the delete dialog");
    await expectAccessible(page, "the delete dialog");
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await expect(remove).toBeFocused();

    await remove.click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByRole("button", { name: `Delete ${name}` })).toHaveCount(0);
    // The row is gone: focus is on the next row's control, the list, or the page's heading, not lost.
    await expect
      .poll(() => page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null))
      .toBe(true);
  });

  test(`admin dialogs and the event drawer at ${sizeName} size: centred, accessible, focus back`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: sizeName === "phone" ? "dark" : "light" });
    await signInAsClinicAdmin(page, 0);
    await visit(page, "/admin/accounts");
    // Each row's actions are behind its "Actions" button: open rows until one can be revoked.
    const revoke = page.getByRole("button", { name: /^Revoke .*connection$/ }).filter({ visible: true });
    const opener = revoke.and(page.locator(":not([disabled])")).first();
    const menus = page.getByRole("button", { name: /^Actions for / }).filter({ visible: true });
    for (let i = 0; i < (await menus.count()) && (await opener.count()) === 0; i++) {
      await menus.nth(i).click();
      if ((await opener.count()) === 0) await menus.nth(i).click();
    }
    if ((await opener.count()) > 0) {
      await opener.click();
      await expectDialogCentred(page, "the revoke dialog");
      await snap(page, "revoke dialog");
      await expectAccessible(page, "the revoke dialog");
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(opener).toBeFocused();
    }

    await visit(page, "/events");
    const eventButton = page.locator("tr[data-event-id] button, li[data-event-id] button").filter({ visible: true });
    if ((await eventButton.count()) > 0) {
      await eventButton.first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await snap(page, "event drawer");
      await expectFits(page, "the event drawer");
      await expectAccessible(page, "the event drawer");
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(eventButton.first()).toBeFocused();
    }
  });
}
