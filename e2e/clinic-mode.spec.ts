// Clinic-level authorization (spec 5.5) end to end, on the app configured with the sandbox's
// clinic-level application: the first sign-in connects the clinic, and every session grant names
// the signed-in user (`user_id`, `user_type`), which the sandbox requires of that application.
import { expect, test, type Page } from "@playwright/test";
import { CLINIC_MODE_APP } from "@/tooling/testing/e2e-stacks";
import { PRACTITIONER, STAFF, sandboxControl, signInAs } from "./support/session";

interface SeedUser {
  id: string;
}
interface SeedClinic {
  id: string;
  practitioners: SeedUser[];
  staff: SeedUser[];
}
interface GrantView {
  claimed_at: string | null;
  client_id: string;
  clinic_id: string;
  user: { id: string; type: string };
}

/** Opens the embedded page on the clinic-mode app; returns the grant its mount minted, as the sandbox sees it. */
async function mountedGrant(page: Page): Promise<GrantView> {
  const minted = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/embedded/session" && r.request().method() === "POST",
  );
  await page.goto(`${CLINIC_MODE_APP.url}/embedded`);
  const response = await minted;
  expect(response.status()).toBe(201);
  const { grant_id } = await response.json();
  await expect(page.getByText("The treatment plan builder is open.")).toBeVisible({ timeout: 20_000 });
  return (await sandboxControl<{ session_grant: GrantView }>(page, `grants/${grant_id}`)).session_grant;
}

test("session grants carry the signed-in user's id and type, for a practitioner and a staff member", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const [clinic] = (await sandboxControl<{ clinics: SeedClinic[] }>(page, "seed")).clinics;

  await signInAs(page, PRACTITIONER, { appUrl: CLINIC_MODE_APP.url });
  const asPractitioner = await mountedGrant(page);
  expect(asPractitioner.client_id).toBe(CLINIC_MODE_APP.env.CLINIC_CLIENT_ID);
  expect(asPractitioner.clinic_id).toBe(clinic.id);
  expect(asPractitioner.user.type).toBe("Practitioner");
  expect(clinic.practitioners.map((u) => u.id)).toContain(asPractitioner.user.id);
  expect(asPractitioner.claimed_at).not.toBeNull();
  await context.close();

  // Someone else of the clinic, in a browser of their own: the clinic's token, their own identity.
  const other = await browser.newContext();
  const staffPage = await other.newPage();
  await signInAs(staffPage, STAFF, { appUrl: CLINIC_MODE_APP.url });
  const asStaff = await mountedGrant(staffPage);
  expect(asStaff.user.type).toBe("Staff");
  expect(clinic.staff.map((u) => u.id)).toContain(asStaff.user.id);
  expect(asStaff.user.id).not.toBe(asPractitioner.user.id);
  await other.close();
});
