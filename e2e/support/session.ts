// Signing in and out through the sandbox's authorize page, shared by every end-to-end spec.
import { expect, type Page } from "@playwright/test";
import { E2E_ENV } from "@/tooling/testing/e2e-stacks";

export const SANDBOX = E2E_ENV.CLINIC_API_BASE_URL;

/** Seeded users by the label the sandbox's authorize page gives them. */
/** One header block or body the app sent to the browser. */
export interface Received {
  url: string;
  /** "headers", or the body's content type. */
  type: string;
  text: string;
}

export const PRACTITIONER = /\(Practitioner\)/;
export const STAFF = /^Sign in as .* \((?!Practitioner)[^)]+\)$/;
/** The staff member whose platform role is Clinic admin: the clinic's admin in the app. */
export const CLINIC_ADMIN = /\(Clinic admin\)$/;
/** Staff who are not the clinic's admin on the platform. */
export const FRONT_DESK = /\(Front desk\)$/;

/**
 * Signs in through the sandbox as the first seeded user of `clinicIndex` whose button matches `who`
 * (or the `nth` match) on the app at `appUrl` (the main stack by default). Returns every header and
 * body the app sends to this page from then on: the array keeps filling as the test goes on, so a
 * test can scan everything the browser received after visiting more pages.
 */
export async function signInAs(
  page: Page,
  who: RegExp,
  options: { clinicIndex?: number; nth?: number; appUrl?: string } = {},
): Promise<Received[]> {
  const appUrl = options.appUrl ?? E2E_ENV.APP_URL;
  const seen: Received[] = [];
  page.on("response", async (response) => {
    if (!response.url().startsWith(appUrl)) return;
    const type = response.headers()["content-type"] ?? "";
    seen.push({ url: response.url(), type: "headers", text: JSON.stringify(response.headers()) });
    if (/html|javascript|json|text/.test(type))
      seen.push({ url: response.url(), type, text: await response.text().catch(() => "") });
  });
  await page.goto(`${appUrl}/signin`);
  await page.getByRole("button", { name: "Sign in with the platform" }).click();
  await page.waitForURL(`${SANDBOX}/api/oauth/authorize**`);
  await page
    .getByRole("group")
    .nth(options.clinicIndex ?? 0)
    .getByRole("button", { name: who })
    .nth(options.nth ?? 0)
    .click();
  await page.waitForURL(`${appUrl}/**`);
  await expect(page).not.toHaveURL(/\/signin/);
  return seen;
}

export async function currentSession(page: Page): Promise<{ user?: { id: string; role: string; clinicId: string } }> {
  return (await page.request.get("/api/auth/session")).json();
}

/** What the header's sign-out button does (next-auth's signOut): POST with the CSRF token. */
export async function signOut(page: Page): Promise<void> {
  const { csrfToken } = await (await page.request.get("/api/auth/csrf")).json();
  await page.request.post("/api/auth/signout", { form: { csrfToken, json: "true" } });
}

export async function sandboxControl<T = unknown>(page: Page, path: string, body?: unknown): Promise<T> {
  const response =
    body === undefined
      ? await page.request.get(`${SANDBOX}/__sandbox/${path}`)
      : await page.request.post(`${SANDBOX}/__sandbox/${path}`, { data: body });
  expect(response.ok(), `sandbox control ${path} answered ${response.status()}`).toBeTruthy();
  return (await response.json()) as T;
}

/** An event the sandbox made happen: its id, and its data as the platform's webhook sends them. */
export interface SandboxEvent<Data = Record<string, unknown>> {
  id: string;
  data: Data;
}

/**
 * Something happens in a clinic on the platform (POST /__sandbox/activity); its webhook goes to the app.
 * Without `data` the sandbox makes up the event's record.
 */
export async function sandboxActivity<Data = Record<string, unknown>>(
  page: Page,
  clinicId: string,
  type: string,
  data?: Record<string, unknown>,
): Promise<SandboxEvent<Data>> {
  const body = { clinic_id: clinicId, type, data };
  return (await sandboxControl<{ event: SandboxEvent<Data> }>(page, "activity", body)).event;
}

/** The id of an event the sandbox made happen with a record of its own making. */
export const sandboxActivityId = async (page: Page, clinicId: string, type: string): Promise<string> =>
  (await sandboxActivity(page, clinicId, type)).id;
