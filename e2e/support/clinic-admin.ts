// Being a clinic's admin in the end-to-end specs: signing in as the platform's Clinic admin, pointing the
// sandbox's webhooks at the app, and the clinic's integration activated with its current key.
import { expect, type Page } from "@playwright/test";
import { LOCAL_DEFAULTS } from "@/lib/contract/local-defaults";
import { E2E_ENV } from "@/tooling/testing/e2e-stacks";
import { CLINIC_ADMIN, currentSession, sandboxControl, signInAs } from "./session";

export const LIVE = { timeout: 30_000 };

export interface SeedClinic {
  id: string;
  name: string;
  current_clinic_key: string;
}

export async function seedClinic(page: Page, clinicIndex: number): Promise<SeedClinic> {
  return (await sandboxControl<{ clinics: SeedClinic[] }>(page, "seed")).clinics[clinicIndex];
}

/** Signs in as the clinic's admin: the staff member whose platform role is Clinic admin. */
export async function signInAsClinicAdmin(page: Page, clinicIndex: number): Promise<void> {
  await signInAs(page, CLINIC_ADMIN, { clinicIndex });
  expect((await currentSession(page)).user?.role, "the platform's Clinic admin is the app's admin").toBe("Admin");
}

/** Webhooks to the app with the wall clock, whatever other specs did to the sandbox's clock. */
export async function registerWebhookEndpoint(page: Page): Promise<void> {
  await sandboxControl(page, "webhook-endpoint", {
    url: `${E2E_ENV.APP_URL}/api/webhooks/clinic`,
    signing_secret: LOCAL_DEFAULTS.webhookSecret,
    challenge_token: LOCAL_DEFAULTS.webhookChallenge,
    enabled: true,
    signature_clock: "wall",
  });
}

export const keyState = (page: Page) => page.getByTestId("clinic-key-state");

export async function enterClinicKey(page: Page, key: string): Promise<void> {
  await page.goto("/admin/clinic-key");
  await page.getByLabel(/^(new )?clinic key$/i).fill(key);
  await page.getByRole("button", { name: /Save the key|Replace the key/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved (encrypted)" })).toBeVisible();
}

/** The clinic's integration activated with its current key (entered through the console if need be). */
export async function ensureActivated(page: Page, clinicIndex: number): Promise<SeedClinic> {
  const clinic = await seedClinic(page, clinicIndex);
  await page.goto("/admin/clinic-key");
  if ((await keyState(page).textContent())?.includes("Activated")) return clinic;
  await enterClinicKey(page, clinic.current_clinic_key);
  await expect(keyState(page)).toHaveText("Activated", LIVE);
  return clinic;
}
