// The embedded feature end to end: the app mints a session grant per mount and frames the
// sandbox's builder with it; the sandbox shows the grant claimed; an expired grant (clock moved
// 120 s before the frame opens) and a used one (the frame reloaded) are refused with a clear
// message and a fresh session works; messages from other origins or windows are ignored; a plan
// activated inside is announced and reaches the timeline through the webhook.
import { expect, test, type APIRequestContext, type Page, type Response } from "@playwright/test";
import { LOCAL_DEFAULTS } from "@/lib/contract/local-defaults";
import { EMBED_MESSAGE_TYPES } from "@/lib/contract/session-grants";
import { E2E_ENV } from "@/tooling/testing/e2e-stacks";
import { PRACTITIONER, SANDBOX, STAFF, sandboxControl, signInAs } from "./support/session";

interface GrantView {
  id: string;
  claimed_at: string | null;
  user: { id: string; type: string };
}

const FRAME = 'iframe[title="Treatment plan builder"]';
const ROUTE = "/embedded/session";
const LIVE_TIMEOUT = 20_000;

const grant = async (page: Page, id: string) =>
  (await sandboxControl<{ session_grant: GrantView }>(page, `grants/${id}`)).session_grant;
const isMint = (r: Response) => new URL(r.url()).pathname === ROUTE && r.request().method() === "POST";
const connected = (page: Page) =>
  expect(page.getByText("Connected to the platform.")).toBeVisible({ timeout: LIVE_TIMEOUT });
const builder = (page: Page) => page.frameLocator(FRAME);
// In the main area: Next.js keeps its own (empty) route announcer alert elsewhere on the page.
const refusal = (page: Page) => page.getByRole("main").getByRole("alert");

/** Opens the page and returns the grant id its mount minted (checking the answer is not cacheable). */
async function openEmbedded(page: Page, path = "/embedded"): Promise<string> {
  const minted = page.waitForResponse(isMint);
  await page.goto(path);
  return grantIdOf(await minted);
}

async function grantIdOf(response: Response): Promise<string> {
  expect(response.status()).toBe(201);
  expect(response.headers()["cache-control"]).toContain("no-store");
  return (await response.json()).grant_id;
}

/** Webhooks go only to activated integrations (spec 3): one API request with the clinic key. */
async function activateClinicKey(
  request: APIRequestContext,
  clinic: { staff: { id: string }[]; current_clinic_key: string },
): Promise<void> {
  const redirectUri = `${E2E_ENV.APP_URL}/api/auth/callback/clinic`;
  const form = {
    client_id: LOCAL_DEFAULTS.clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    state: "e2e",
    user_id: clinic.staff[0].id,
  };
  const authorized = await request.post(`${SANDBOX}/api/oauth/authorize`, { form, maxRedirects: 0 });
  const code = new URL(authorized.headers().location ?? "").searchParams.get("code") ?? "";
  const token = await request.post(`${SANDBOX}/api/oauth/token`, {
    data: {
      grant_type: "authorization_code",
      client_id: LOCAL_DEFAULTS.clientId,
      client_secret: LOCAL_DEFAULTS.clientSecret,
      code,
      redirect_uri: redirectUri,
    },
  });
  const { oauth } = await token.json();
  const answer = await request.get(`${SANDBOX}/api/clinic`, {
    headers: { authorization: `Bearer ${oauth.access_token}`, "X-Service-Clinic-Key": clinic.current_clinic_key },
  });
  expect(answer.ok()).toBeTruthy();
}

async function activatePlan(page: Page): Promise<void> {
  const frame = builder(page);
  await frame.getByRole("button", { name: "Add recommendation" }).click();
  await frame.getByRole("button", { name: "Activate plan" }).click();
  await expect(frame.getByRole("status")).toHaveText("Treatment plan activated.");
}

test.beforeEach(async ({ page }) => {
  await sandboxControl(page, "faults", { clear: true });
});

test("mounts the builder with a fresh grant, which the sandbox shows claimed; frames only the platform", async ({
  page,
}) => {
  await signInAs(page, STAFF);
  const response = await page.request.get("/embedded");
  expect(response.headers()["content-security-policy"]).toContain(`frame-src ${new URL(SANDBOX).origin};`);
  expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");

  const id = await openEmbedded(page, "/embedded?patient=pat_e2e");
  await expect(page.getByRole("heading", { level: 1, name: "Treatment plans" })).toBeVisible();
  await expect(page.getByText("for patient pat_e2e")).toBeVisible();
  await connected(page);
  await expect(builder(page).getByRole("heading", { name: "Treatment plan builder" })).toBeVisible();
  const claimed = await grant(page, id);
  expect(claimed.claimed_at).not.toBeNull();
  expect(claimed.user.type).toBe("Staff");

  // Each mount mints its own grant.
  const again = await openEmbedded(page);
  expect(again).not.toBe(id);
  await connected(page);
});

test("a grant not used within 120 seconds is refused; a fresh session works", async ({ page }) => {
  await signInAs(page, PRACTITIONER);
  // Hold the frame's request until the sandbox clock has moved past the grant's lifetime.
  await page.route(
    /\/embed\?secret_token=/,
    async (route) => {
      await sandboxControl(page, "clock/advance", { seconds: 121 });
      await route.continue();
    },
    { times: 1 },
  );
  const expired = await openEmbedded(page);
  const alert = refusal(page);
  await expect(alert).toContainText("This session expired before it opened");
  await expect(page.locator(FRAME)).toHaveCount(0);
  expect((await grant(page, expired)).claimed_at).toBeNull();

  const minted = page.waitForResponse(isMint);
  await alert.getByRole("button", { name: "Start a fresh session" }).click();
  const fresh = await grantIdOf(await minted);
  expect(fresh).not.toBe(expired);
  await connected(page);
  expect((await grant(page, fresh)).claimed_at).not.toBeNull();
});

test("a used grant is refused; a fresh session works", async ({ page }) => {
  await signInAs(page, PRACTITIONER);
  const used = await openEmbedded(page);
  await connected(page);
  // The frame opens its address again: the same grant, now claimed.
  const frame = page.frames().find((f) => f.url().includes("/embed?"));
  expect(frame).toBeDefined();
  await frame?.evaluate(() => window.location.reload());
  const alert = refusal(page);
  await expect(alert).toContainText("This session was already used");

  const minted = page.waitForResponse(isMint);
  await alert.getByRole("button", { name: "Start a fresh session" }).click();
  const fresh = await grantIdOf(await minted);
  expect(fresh).not.toBe(used);
  await connected(page);
  await expect(builder(page).getByRole("heading", { name: "Treatment plan builder" })).toBeVisible();
});

test("messages from another origin or another window are ignored", async ({ page }) => {
  await signInAs(page, PRACTITIONER);
  await openEmbedded(page);
  await connected(page);
  const forged = (tag: string) => ({
    type: EMBED_MESSAGE_TYPES.activated,
    treatment_plan_id: `tp_forged_${tag}`,
    patient_id: "pat_forged",
  });

  // The app's own origin (a script on the page), a foreign origin, and the platform's origin from a
  // window that is not the mounted frame.
  await page.evaluate((msg) => window.postMessage(msg, "*"), forged("self"));
  for (const [tag, url] of [
    ["foreign", `${E2E_ENV.APP_URL.replace("localhost", "127.0.0.1")}/api/health`],
    ["platform_popup", `${SANDBOX}/__sandbox/health`],
  ] as const) {
    const popupOpened = page.waitForEvent("popup");
    await page.evaluate((u) => void window.open(u), url);
    const popup = await popupOpened;
    await popup.waitForLoadState();
    expect(new URL(popup.url()).origin).not.toBe(new URL(E2E_ENV.APP_URL).origin);
    await popup.evaluate((msg) => window.opener.postMessage(msg, "*"), forged(tag));
    await popup.close();
  }
  // Also a well-formed refusal would end the session: it must be ignored too.
  await page.evaluate((msg) => window.postMessage(msg, "*"), {
    type: EMBED_MESSAGE_TYPES.error,
    code: "grant_used",
    message: "forged",
  });

  await activatePlan(page);
  const updates = page.getByRole("status", { name: "Treatment plan updates" });
  await expect(updates).toContainText(/Treatment plan activated for /);
  // A forged message would show its patient ("pat_forged") or link its plan ("tp_forged_…").
  await expect(updates).not.toContainText("forged");
  await expect(updates.locator('a[href*="forged"]')).toHaveCount(0);
  await expect(refusal(page)).toHaveCount(0);
  await expect(page.getByText("Connected to the platform.")).toBeVisible();
});

test("a plan activated in the builder is announced and appears in the timeline", async ({ page }) => {
  const [clinic] = (
    await sandboxControl<{ clinics: { id: string; current_clinic_key: string; staff: { id: string }[] }[] }>(
      page,
      "seed",
    )
  ).clinics;
  await activateClinicKey(page.request, clinic);
  await signInAs(page, PRACTITIONER);
  await openEmbedded(page);
  await connected(page);
  await activatePlan(page);

  const notice = page.getByRole("status", { name: "Treatment plan updates" }).locator('[data-notice="activated"]');
  // The patient by name (the platform's message names them by id only), the plan by its link.
  await expect(notice).toContainText(/^Treatment plan activated for (?!patient )[^.]+\./);
  await expect(notice).not.toContainText(/pat_|tp_/);
  const link = notice.getByRole("link", { name: "See it in the timeline" });
  const planId = (await link.getAttribute("href"))?.match(/tp_\w+/)?.[0] ?? "";
  expect(planId).not.toBe("");

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/events\\?q=${planId}`));
  const row = page.locator("tr[data-event-id]").filter({ hasText: "treatment_plan.created" });
  await expect(row).toHaveCount(1, { timeout: LIVE_TIMEOUT });
});
