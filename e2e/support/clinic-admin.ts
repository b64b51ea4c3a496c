// Being a clinic's admin in the end-to-end specs: signing in as the platform's Clinic admin, pointing the
// sandbox's webhooks at the app, and the clinic's integration activated with its current key.
import { expect, type Locator, type Page } from "@playwright/test";
import { LOCAL_DEFAULTS } from "@/lib/contract/local-defaults";
import { E2E_ENV } from "@/tooling/testing/e2e-stacks";
import { CLINIC_ADMIN, SANDBOX, currentSession, sandboxControl, signInAs } from "./session";

export const LIVE = { timeout: 30_000 };

export interface SeedClinic {
  id: string;
  name: string;
  current_clinic_key: string;
}

/** A practitioner or staff member as the sandbox's seed lists them. */
export interface SeedPerson {
  id: string;
  first_name: string;
  last_name: string;
  role?: string;
}

export const nameOf = (p: SeedPerson) => `${p.first_name} ${p.last_name}`;

/** A clinic's people as the sandbox's seed lists them. */
export async function seedPeople(
  page: Page,
  clinicIndex: number,
): Promise<{ id: string; name: string; practitioners: SeedPerson[]; staff: SeedPerson[] }> {
  return (
    await sandboxControl<{ clinics: { id: string; name: string; practitioners: SeedPerson[]; staff: SeedPerson[] }[] }>(
      page,
      "seed",
    )
  ).clinics[clinicIndex];
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

/** A key the platform has never activated: one activated before sends no second activation event. */
export async function freshKey(page: Page, clinicId: string): Promise<string> {
  // Revoke whatever key is current (a 409 says it already is), then issue a new one.
  await page.request.post(`${SANDBOX}/__sandbox/clinic-keys/revoke`, { data: { clinic_id: clinicId } });
  const issued = await sandboxControl<{ clinic_key: { value: string } }>(page, "clinic-keys/issue", {
    clinic_id: clinicId,
  });
  return issued.clinic_key.value;
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

/**
 * Reconcile now, from the Reconciliation page, and wait for *that* run to succeed: the panel shows the
 * clinic's last run from the start, so an earlier run's "Done" (another spec's, or the quarter-hourly
 * schedule's) would otherwise pass for this one. Returns the new run's row (or card) in "Last runs".
 */
export async function reconcileNow(page: Page): Promise<Locator> {
  await page.goto("/admin/reconciliation");
  // The runs' table on a desk, their cards on a phone: each run is one visible [data-run].
  const newest = page.locator("[data-run]").filter({ visible: true }).first();
  const before = (await newest.count()) ? await newest.getAttribute("data-run") : null;
  await page.getByRole("region", { name: "Reconciliation" }).getByRole("button", { name: "Reconcile now" }).click();
  await expect(newest).toHaveAttribute("data-run", /.+/, LIVE);
  if (before) await expect(newest).not.toHaveAttribute("data-run", before, LIVE);
  await expect(newest).toContainText("Succeeded", { timeout: 60_000 });
  return newest;
}
