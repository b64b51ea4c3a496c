// The platform forgets the clinic (as a sandbox restarted without its saved world did): the app says
// the true state. A practitioner whose sign-in is refused is told to sign in again, with the way to
// do it, not that the platform "could not be reached" (on the home page, or on the sign-in page when
// a background job met the refusal first and ended the session); the admin, once the stored clinic key is
// refused, reads that the key must be entered again (not "Activated") on the home page and the Clinic
// key page, though the platform's clock runs ahead of ours. The second clinic, put back with its new key
// activated at the end. At both sizes.
import { expect, test, type Page } from "@playwright/test";
import {
  LIVE,
  enterClinicKey,
  freshKey,
  keyState,
  registerWebhookEndpoint,
  seedClinic,
  signInAsClinicAdmin,
} from "./support/clinic-admin";
import { PRACTITIONER, sandboxControl, signInAs, signOut } from "./support/session";
import { SCREEN_SIZES } from "./support/sizes";

const CLINIC = 1;
const notice = (page: Page) => page.getByRole("region", { name: "Connection to the platform" });

for (const size of Object.values(SCREEN_SIZES)) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });
    // Four sign-ins through the platform's page and a key entered: longer than one page's check.
    test.describe.configure({ timeout: 180_000 });

    test("a forgotten sign-in says to sign in again; a refused clinic key says to enter it again", async ({
      page,
      browser,
    }) => {
      await signInAsClinicAdmin(page, CLINIC);
      await registerWebhookEndpoint(page);
      // The platform's clock runs ahead of ours (as embedded.spec leaves it): the key's activation is
      // stamped after the moment the app later notes its refusal, and the refusal must still win.
      await sandboxControl(page, "clock/advance", { seconds: 120 });
      // A key the platform has not activated yet, so its activation arrives as an event whatever the
      // specs before left (a key activated long ago and entered again sends none).
      const clinic = await seedClinic(page, CLINIC);
      await enterClinicKey(page, await freshKey(page, clinic.id));
      await expect(keyState(page)).toHaveText("Activated", LIVE);
      const practitioner = await (await browser.newContext({ viewport: size })).newPage();
      await signInAs(practitioner, PRACTITIONER, { clinicIndex: CLINIC });
      await practitioner.goto("/");
      await expect(practitioner.getByTestId("home-sign-in-again")).toHaveCount(0);

      const forgot = await sandboxControl<{ clinic_key: { value: string } }>(page, "forget", { clinic_id: clinic.id });
      try {
        // The practitioner: the platform refuses their sign-in. The home page says what helps; or, when
        // the app's own background work met the refusal first and ended the session, the sign-in page
        // says why. Either way the practitioner lands where they sign in again, told the reason.
        await practitioner.goto("/");
        const signInAgain = practitioner.getByTestId("home-sign-in-again").first();
        const reason = practitioner.getByText("The platform no longer accepts your connection.");
        await expect(signInAgain.or(reason)).toBeVisible();
        await expect(practitioner.getByText("could not be reached")).toHaveCount(0);
        if (await signInAgain.isVisible()) {
          await expect(signInAgain).toContainText("The platform no longer accepts your sign-in");
          const link = signInAgain.getByRole("link", { name: "Sign in with the platform again" });
          await expect(link).toHaveAttribute("href", "/signin?reason=broken");
          await link.click();
        }
        await expect(practitioner).toHaveURL(/\/signin\?reason=broken/);
        await expect(reason).toBeVisible();

        // The admin signs in again; the stored key is refused by the platform at the first request.
        await signOut(page);
        await signInAsClinicAdmin(page, CLINIC);
        await page.goto("/patients");
        await expect(page.getByText("does not accept the stored clinic key").first()).toBeVisible();
        await page.goto("/");
        await expect(notice(page)).toContainText("The platform does not accept the stored clinic key.");
        await expect(notice(page).getByRole("link", { name: "Enter the clinic key again" })).toHaveAttribute(
          "href",
          "/admin/clinic-key",
        );
        await expect(page.locator('[data-state="activated"]')).toHaveCount(0);
        await expect(page.locator('[data-state="refused"]').first()).toHaveText("Not accepted");
        await page.goto("/admin/clinic-key");
        await expect(keyState(page)).toHaveText("Not accepted");
        await expect(page.getByText("The platform does not accept the stored key any more")).toBeVisible();
      } finally {
        await practitioner.context().close();
        // Signed in afresh whatever step failed: the key is entered through a connection the platform knows.
        await signOut(page);
        await signInAsClinicAdmin(page, CLINIC);
        await enterClinicKey(page, forgot.clinic_key.value);
        await expect(keyState(page)).toHaveText("Activated", LIVE);
      }
      await page.goto("/");
      await expect(notice(page)).toHaveCount(0);
    });
  });
}
