// The header's search, on a desk and on a phone: a patient's name typed in the header (on a phone,
// through the header's search button and the search page's own field) finds the patient, their
// event and a practitioner's resource of that name, each part with "See all" into its section and
// Back returning to the results; front desk staff get no resources part (staff pick a practitioner on
// Resources first); an empty, a short, a too-long and a matchless search each say why in words.
import { expect, test, type Page } from "@playwright/test";
import { FILES } from "@/sandbox/testing/files";
import { LIVE, ensureActivated, registerWebhookEndpoint, signInAsClinicAdmin } from "./support/clinic-admin";
import { E2E_ENV } from "@/tooling/testing/e2e-stacks";
import { FRONT_DESK, PRACTITIONER, SANDBOX, sandboxActivity, signInAs } from "./support/session";
import { SCREEN_SIZES } from "./support/sizes";

// Letters only (the timeline's search needs three in a row), and this run's own.
const SURNAME = `Quillanby${Date.now()
  .toString(36)
  .replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)])}`;
const FULL_NAME = `Wilhelmina ${SURNAME}`;
/** What people type: the start of her last name, in lower case. */
const TERM = SURNAME.slice(0, -2).toLowerCase();
const RESOURCE = `${SURNAME} intake guide`;

let eventId = "";

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await browser.newPage({ locale: "en-US" });
  await signInAsClinicAdmin(page, 0);
  await registerWebhookEndpoint(page);
  // On a stack just started, the key's form may not yet answer a key typed before its script ran: again.
  let clinic = { id: "" };
  await expect(async () => {
    clinic = await ensureActivated(page, 0);
  }).toPass({ timeout: 90_000 });
  const created = await sandboxActivity(page, clinic.id, "patient.created", {
    first_name: "Wilhelmina",
    last_name: SURNAME,
  });
  eventId = created.id;
  // Her event is in the clinic's history once the webhook has arrived.
  await page.goto("/events");
  await expect(page.locator(`[data-event-id="${eventId}"]:visible`)).toBeVisible(LIVE);
  await page.close();

  const practitioner = await browser.newPage({ locale: "en-US" });
  await signInAs(practitioner, PRACTITIONER);
  const upload = await practitioner.request.post("/api/resources", {
    multipart: {
      name: RESOURCE,
      save_to_library: "true",
      file: { name: "guide.pdf", mimeType: "application/pdf", buffer: FILES.pdf },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  await practitioner.close();
});

/** Signs in as the clinic's second practitioner through the app's French sign-in page. */
async function signInInFrench(page: Page): Promise<void> {
  await page.goto("/signin");
  await page.getByRole("button", { name: "Se connecter avec la plateforme" }).click();
  await page.waitForURL(`${SANDBOX}/api/oauth/authorize**`);
  await page.getByRole("group").first().getByRole("button", { name: PRACTITIONER }).nth(1).click();
  await page.waitForURL(`${E2E_ENV.APP_URL}/**`);
  await expect(page).not.toHaveURL(/\/signin/);
}

const part = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const pageField = (page: Page) => page.getByRole("main").getByRole("searchbox", { name: "Search for" });

/** With SCREENSHOTS_DIR set (outside the repository), the screen is photographed for review, light and dark. */
async function snap(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  const path = (theme: string) => `${dir}/${page.viewportSize()!.width}-${name}-${theme}.png`;
  await page.screenshot({ path: path("light"), fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: path("dark"), fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
}

for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
  test.describe(`on a ${size}`, () => {
    test.use({ viewport });

    test("a practitioner finds the patient, her event and a resource; See all opens Patients, Back returns", async ({
      page,
    }) => {
      await signInAs(page, PRACTITIONER);
      await page.goto("/");
      const banner = page.getByRole("banner");
      if (size === "desk") {
        const field = banner.getByRole("searchbox", { name: "Search" });
        await expect(field).toHaveAttribute("placeholder", "Patients, events, resources");
        await snap(page, "header");
        await field.fill(TERM);
        await field.press("Enter");
      } else {
        // No room for a field: the header is one line, with a button to the search page.
        await expect(banner.getByRole("searchbox")).toBeHidden();
        const box = (await banner.boundingBox())!;
        expect(box.height, "the phone's header stays one line").toBeLessThan(80);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await snap(page, "header");
        await banner.getByRole("link", { name: "Search", exact: true }).click();
        await expect(page).toHaveURL(/\/search$/);
        await expect(pageField(page)).toBeFocused();
        await page.keyboard.type(TERM);
        await page.keyboard.press("Enter");
      }
      await expect(page).toHaveURL(new RegExp(`/search\\?q=${TERM}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Results for “${TERM}”`);
      await expect(pageField(page)).toHaveValue(TERM);

      await expect(part(page, "Patients").getByRole("link", { name: FULL_NAME })).toBeVisible(LIVE);
      const event = part(page, "Events").locator(`[data-event-id="${eventId}"]`).getByRole("link");
      await expect(event).toContainText(SURNAME);
      await expect(event).toHaveAttribute("href", `/events?event=${encodeURIComponent(eventId)}`);
      await expect(part(page, "Resources").getByRole("link", { name: RESOURCE })).toBeVisible();
      await expect(part(page, "Resources").getByRole("link", { name: "See 1 resource in Resources" })).toHaveAttribute(
        "href",
        `/resources?q=${TERM}`,
      );
      await snap(page, "results");

      await part(page, "Patients").getByRole("link", { name: "See 1 patient in Patients" }).click();
      await expect(page).toHaveURL(new RegExp(`/patients\\?q=${TERM}$`));
      await expect(page.getByLabel("Search patients", { exact: true })).toHaveValue(TERM);
      await expect(
        page.locator("[data-patient-id]").filter({ visible: true }).getByRole("link", { name: FULL_NAME, exact: true }),
      ).toBeVisible(LIVE);

      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/search\\?q=${TERM}$`));
      await expect(part(page, "Patients").getByRole("link", { name: FULL_NAME })).toBeVisible(LIVE);
      await expect(pageField(page)).toHaveValue(TERM);
    });

    test("front desk staff search patients and events, with no resources part", async ({ page }) => {
      await signInAs(page, FRONT_DESK);
      await page.goto("/");
      if (size === "desk")
        await expect(page.getByRole("banner").getByRole("searchbox", { name: "Search" })).toHaveAttribute(
          "placeholder",
          "Patients and events",
        );
      await page.goto(`/search?q=${TERM}`);
      await expect(part(page, "Patients").getByRole("link", { name: FULL_NAME })).toBeVisible(LIVE);
      await expect(part(page, "Events").locator(`[data-event-id="${eventId}"]`)).toBeVisible();
      await expect(part(page, "Resources")).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 2 })).toHaveText(["Patients", "Events"]);

      await part(page, "Events").getByRole("link", { name: "See all matching events" }).click();
      await expect(page).toHaveURL(new RegExp(`/events\\?q=${TERM}$`));
      await expect(page.getByLabel("Search by person or text")).toHaveValue(TERM);
      await expect(page.locator(`[data-event-id="${eventId}"]:visible`)).toBeVisible(LIVE);
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/search\\?q=${TERM}$`));
      await expect(part(page, "Events").locator(`[data-event-id="${eventId}"]`)).toBeVisible();
    });

    test("an empty, a short, a too-long and a matchless search each say why", async ({ page }) => {
      await signInAs(page, PRACTITIONER);
      await page.goto("/search");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
      await expect(page.getByRole("main")).toContainText("Type a few letters, then press Enter.");
      await expect(pageField(page)).toBeFocused();
      await expect(page.getByRole("main").getByRole("region")).toHaveCount(0);
      await snap(page, "empty");

      // Two letters: the platform searches patients by them, the timeline needs three in a row.
      await pageField(page).fill("qu");
      await pageField(page).press("Enter");
      await expect(page).toHaveURL(/\/search\?q=qu$/);
      await expect(part(page, "Events")).toContainText(
        "Search for at least three letters or digits in a row, such as part of a name or an id.",
      );
      await expect(part(page, "Patients")).toBeVisible();
      await expect(part(page, "Resources")).toBeVisible();

      await page.goto(`/search?q=${"x".repeat(201)}`);
      await expect(pageField(page)).toHaveAccessibleDescription(/A search is at most 200 characters/);
      await expect(page.getByRole("main").getByRole("region")).toHaveCount(0);

      const nobody = `zzq${TERM}`;
      await page.goto(`/search?q=${nobody}`);
      await expect(part(page, "Patients")).toContainText(`No patients match “${nobody}”`);
      await expect(part(page, "Events")).toContainText(`No events match “${nobody}”`);
      await expect(part(page, "Resources")).toContainText(`No resources match “${nobody}”`);
      await expect(page.getByRole("link", { name: /^See / })).toHaveCount(0);
      await snap(page, "nothing");
    });
  });
}

test.describe("in French", () => {
  test.use({ locale: "fr-CA" });
  for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
    test(`the header and the results speak French on a ${size}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signInInFrench(page);
      await page.goto(`/search?q=${TERM}`);
      await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        new RegExp(`^Résultats pour «\\s*${TERM}\\s*»$`),
      );
      await expect(part(page, "Patient·e·s").getByRole("link", { name: FULL_NAME })).toBeVisible(LIVE);
      await expect(part(page, "Événements")).toContainText(SURNAME);
      await snap(page, "fr-results");
      await page.goto("/");
      await snap(page, "fr-header");
    });
  }
});
