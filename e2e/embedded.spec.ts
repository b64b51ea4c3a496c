// The embedded features end to end, as the platform documents them: the app mints a session grant
// (the bare grant object) per mount, and the platform's own library tokenizes the patient and frames
// the sandbox's page at the platform's path with its parameters; the sandbox shows the grant
// claimed; an expired grant (clock moved 120 s before the frame opens) and a used one (the frame
// reloaded) are refused by the platform's page and a fresh session works; messages from other
// origins or windows are ignored; from a patient's page the builder opens on them, its
// patient.selected and treatmentPlan.activated messages are told in words, and an activated plan
// reaches the timeline through the webhook; a failed tokenize still opens the builder, on nobody;
// the menu opens the platform feature on its catalog and its labs. No CSP violation on the way.
import { expect, test, type Page, type Request, type Response } from "@playwright/test";
import { LOCAL_DEFAULTS } from "@/lib/contract/local-defaults";
import {
  EMBED_EVENTS,
  EMBED_PLATFORM_PATH,
  EMBED_TOKENIZE_PATH,
  EMBED_TREATMENT_PLAN_PATH,
  embedMessageEnvelope,
} from "@/lib/contract/embed";
import { E2E_ENV } from "@/tooling/testing/e2e-stacks";
import { PRACTITIONER, SANDBOX, STAFF, sandboxActivity, sandboxControl, signInAs } from "./support/session";
import { platform, seedClinics } from "./support/activation";

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
const OPEN = "The treatment plan builder is open.";
const connected = (page: Page) =>
  expect(page.getByRole("status").filter({ hasText: OPEN })).toBeVisible({ timeout: LIVE_TIMEOUT });
const builder = (page: Page) => page.frameLocator(FRAME);
const updates = (page: Page) => page.getByRole("status", { name: "Treatment plan updates" });
const fresh = (page: Page) => page.getByRole("main").getByRole("button", { name: "Start a fresh session" });
/** The mounted frame's address (the platform's path and parameters). */
const frameSrc = async (page: Page) => new URL((await page.locator(FRAME).getAttribute("src")) ?? "");

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

async function activatePlan(page: Page): Promise<void> {
  const frame = builder(page);
  await frame.getByRole("button", { name: "Add recommendation" }).click();
  await frame.getByRole("button", { name: "Activate plan" }).click();
  await expect(frame.getByRole("status")).toHaveText("Treatment plan activated.");
}

const isTokenize = (r: Request) => new URL(r.url()).pathname === EMBED_TOKENIZE_PATH && r.method() === "POST";

/** Every CSP violation the page reports in its console, for the test to check there are none. */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

/** A new patient of the first clinic, told to the app by the platform's webhook; their id. */
async function newPatient(page: Page, first: string, last: string): Promise<string> {
  const [clinic] = await seedClinics(page);
  await platform.activateClinic(clinic);
  const event = await sandboxActivity<{ patient: { id: string } }>(page, clinic.id, "patient.created", {
    first_name: first,
    last_name: last,
    email: `${last.toLowerCase()}@example.org`,
  });
  return event.data.patient.id;
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
  // The library's tokenize call reaches the platform's web origin, and nothing else does.
  expect(response.headers()["content-security-policy"]).toContain(`connect-src 'self' ${new URL(SANDBOX).origin};`);
  expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");

  const violations = cspViolations(page);
  const tokenized = page.waitForRequest(isTokenize);
  const id = await openEmbedded(page, "/embedded?patient=pat_e2e");
  await expect(page.getByRole("heading", { level: 1, name: "Treatment plans" })).toBeVisible();
  await expect(page.getByText("for patient pat_e2e")).toBeVisible();
  // The library posts what the app knows of the patient (here their id alone) to the platform.
  expect((await tokenized).postDataJSON()).toEqual({ data: { id: "pat_e2e" } });
  await connected(page);
  // The platform's address and parameters, as its library builds them: its web address (here the
  // sandbox's), the token for the patient's details, the public key, the library's frame id, the
  // app's origin as the messages' target; never the patient in the address.
  const src = await frameSrc(page);
  expect(`${src.origin}${src.pathname}`).toBe(`${SANDBOX}${EMBED_TREATMENT_PLAN_PATH}`);
  expect(src.searchParams.get("data_token")).toMatch(/^dtk_/);
  expect(src.searchParams.get("public_key")).toBe(LOCAL_DEFAULTS.embedPublicKey);
  expect(src.searchParams.get("frame_id")).toMatch(/^[0-9a-f-]{36}$/);
  expect(src.searchParams.get("target_origin")).toBe(new URL(E2E_ENV.APP_URL).origin);
  expect([...src.searchParams.keys()].filter((k) => k.startsWith("patient"))).toEqual([]);
  await expect(builder(page).getByRole("heading", { name: "Treatment plan builder" })).toBeVisible();
  // An id that is no patient of the clinic selects nobody, and the platform's page says so.
  await expect(builder(page).getByRole("note")).toContainText("not a patient of this clinic");
  expect(violations).toEqual([]);
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
    (url) => url.pathname === EMBED_TREATMENT_PLAN_PATH,
    async (route) => {
      await sandboxControl(page, "clock/advance", { seconds: 121 });
      await route.continue();
    },
    { times: 1 },
  );
  const expired = await openEmbedded(page);
  // The platform's page says so in the frame; the app offers a fresh session.
  await expect(builder(page).getByRole("alert")).toContainText("Sign-in links are valid for 120 seconds");
  expect((await grant(page, expired)).claimed_at).toBeNull();

  const minted = page.waitForResponse(isMint);
  await fresh(page).click();
  const next = await grantIdOf(await minted);
  expect(next).not.toBe(expired);
  await connected(page);
  await expect(builder(page).getByRole("heading", { name: "Treatment plan builder" })).toBeVisible();
  expect((await grant(page, next)).claimed_at).not.toBeNull();
});

test("a used grant is refused; a fresh session works", async ({ page }) => {
  await signInAs(page, PRACTITIONER);
  const used = await openEmbedded(page);
  await connected(page);
  // The frame opens its address again: the same grant, now claimed.
  const frame = page.frames().find((f) => f.url().includes(EMBED_TREATMENT_PLAN_PATH));
  expect(frame).toBeDefined();
  await frame?.evaluate(() => window.location.reload());
  await expect(builder(page).getByRole("alert")).toContainText("This sign-in link was already used");

  const minted = page.waitForResponse(isMint);
  await fresh(page).click();
  const next = await grantIdOf(await minted);
  expect(next).not.toBe(used);
  await connected(page);
  await expect(builder(page).getByRole("heading", { name: "Treatment plan builder" })).toBeVisible();
});

test("messages from another origin or another window are ignored", async ({ page }) => {
  await signInAs(page, PRACTITIONER);
  await openEmbedded(page);
  await connected(page);
  // Well-formed messages for this very frame (its id is in the frame's address): only their sender is wrong.
  const frameId = (await frameSrc(page)).searchParams.get("frame_id") ?? "";
  const meta = { id: "ev_forged", createdAt: new Date().toISOString(), clinicId: "cl", clientId: "app" };
  const forged = (tag: string) =>
    embedMessageEnvelope(
      frameId,
      EMBED_EVENTS.treatmentPlanActivated,
      { treatmentPlan: { id: `tp_forged_${tag}`, patient: { id: "pat_forged" } } },
      meta,
    );

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
  await page.evaluate(
    (msg) => window.postMessage(msg, "*"),
    embedMessageEnvelope(
      frameId,
      EMBED_EVENTS.patientSelected,
      { patient: { id: "pat_forged", firstName: "Forged", lastName: "Patient" } },
      meta,
    ),
  );

  await activatePlan(page);
  await expect(updates(page)).toContainText(/Treatment plan activated for /);
  // A forged message would show its patient ("pat_forged", "Forged") or link its plan ("tp_forged_…").
  await expect(updates(page)).not.toContainText(/forged/i);
  await expect(updates(page).locator('a[href*="forged"]')).toHaveCount(0);
  await connected(page);
});

test("from a patient's page the builder opens on them; a plan activated there is announced and reaches the timeline", async ({
  page,
}) => {
  const last = `Quillfeather${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)])}`;
  await signInAs(page, PRACTITIONER);
  const violations = cspViolations(page);
  const patientId = await newPatient(page, "Orla", last);
  // The webhook brings the patient to the app; their page shows their name.
  await expect(async () => {
    await page.goto(`/patients/${patientId}`);
    await expect(page.getByRole("heading", { level: 1, name: `Orla ${last}` })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: LIVE_TIMEOUT });

  const tokenized = page.waitForRequest(isTokenize);
  const minted = page.waitForResponse(isMint);
  await page
    .getByRole("navigation", { name: "On the platform, for this patient" })
    .getByRole("link", { name: "New treatment plan" })
    .click();
  await grantIdOf(await minted);
  // What the app knows of them, as the library sends it: snake-cased, under data.
  expect((await tokenized).postDataJSON()).toEqual({
    data: { id: patientId, first_name: "Orla", last_name: last, email: `${last.toLowerCase()}@example.org` },
  });
  await connected(page);
  // The platform's page opened on them, and said so to the app.
  await expect(builder(page).getByLabel("Patient")).toHaveValue(patientId);
  await expect(updates(page).locator('[data-notice="selected"]')).toHaveText(
    `Patient selected in the builder: Orla ${last}.`,
  );
  await activatePlan(page);

  const notice = updates(page).locator('[data-notice="activated"]');
  // The patient by name (the platform's message names them by id only), the plan by its link.
  await expect(notice).toContainText(`Treatment plan activated for Orla ${last}.`);
  await expect(notice).not.toContainText(/pat_|tp_/);
  const link = notice.getByRole("link", { name: "See it in the timeline" });
  const planId = (await link.getAttribute("href"))?.match(/tp_\w+/)?.[0] ?? "";
  expect(planId).not.toBe("");

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/events\\?q=${planId}`));
  const row = page.locator("tr[data-event-id]").filter({ hasText: "Treatment plan created" });
  await expect(row).toHaveCount(1, { timeout: LIVE_TIMEOUT });
  expect(violations).toEqual([]);
});

test("picking another patient in the builder is told in words", async ({ page }) => {
  await signInAs(page, PRACTITIONER);
  await openEmbedded(page);
  await connected(page);
  const picker = builder(page).getByLabel("Patient");
  const second = (await picker.locator("option").nth(1).textContent()) ?? "";
  const [lastName, firstName] = second.split(", ");
  await picker.selectOption({ index: 1 });
  await expect(updates(page).locator('[data-notice="selected"]')).toHaveText(
    `Patient selected in the builder: ${firstName} ${lastName}.`,
  );
});

test("a failed tokenize still opens the builder, on nobody, and the app says nothing is wrong", async ({ page }) => {
  await signInAs(page, PRACTITIONER);
  const patientId = await newPatient(page, "Tova", `Nullwood${Date.now()}`);
  await sandboxControl(page, "faults", {
    fail_next: { count: 1, status: 503, method: "POST", path_prefix: EMBED_TOKENIZE_PATH },
  });
  const tokenized = page.waitForRequest(isTokenize);
  await openEmbedded(page, `/embedded?patient=${patientId}`);
  await tokenized;
  await connected(page);
  // The sandbox refused it (without CORS headers, so the browser could not even read the refusal).
  const { faults } = await sandboxControl<{ faults: { fail_next: { count: number } | null } }>(page, "faults");
  expect(faults.fail_next?.count ?? 0).toBe(0);
  // The library's word for a failed tokenize; the platform's page opens on nobody and says nothing of it.
  expect((await frameSrc(page)).searchParams.get("data_token")).toBe("null");
  await expect(builder(page).getByRole("heading", { name: "Treatment plan builder" })).toBeVisible();
  await expect(builder(page).getByRole("note")).toHaveCount(0);
  await expect(builder(page).locator("option[selected]")).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  await expect(updates(page).locator("[data-notice]")).toHaveCount(0);
});

test("the menu opens the platform feature on its catalog, and its labs are one click away", async ({ page }) => {
  await signInAs(page, STAFF);
  const violations = cspViolations(page);
  const minted = page.waitForResponse(isMint);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Catalog & labs" }).click();
  const catalogGrant = await grantIdOf(await minted);
  await expect(page.getByRole("heading", { level: 1, name: "Catalog & labs" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "The catalog is open." })).toBeVisible({
    timeout: LIVE_TIMEOUT,
  });
  const catalog = page.frameLocator('iframe[title="Catalog"]');
  await expect(catalog.getByRole("heading", { level: 1, name: "Catalog" })).toBeVisible();
  await expect(catalog.getByRole("list", { name: "Products" }).getByRole("listitem").first()).toBeVisible();
  const src = new URL((await page.locator('iframe[title="Catalog"]').getAttribute("src")) ?? "");
  expect(`${src.origin}${src.pathname}`).toBe(`${SANDBOX}${EMBED_PLATFORM_PATH}`);
  expect(src.searchParams.get("entrypoint")).toBe("catalog");
  // No patient was given: no tokenize, no token.
  expect(src.searchParams.has("data_token")).toBe(false);
  expect((await grant(page, catalogGrant)).claimed_at).not.toBeNull();

  const again = page.waitForResponse(isMint);
  await page.getByRole("navigation", { name: "Catalog or labs" }).getByRole("link", { name: "Labs" }).click();
  const labsGrant = await grantIdOf(await again);
  expect(labsGrant).not.toBe(catalogGrant);
  await expect(page.getByRole("status").filter({ hasText: "The labs are open." })).toBeVisible({
    timeout: LIVE_TIMEOUT,
  });
  const labs = page.frameLocator('iframe[title="Labs"]');
  await expect(labs.getByRole("heading", { level: 1, name: "Labs" })).toBeVisible();
  await expect(labs.getByRole("list", { name: "Lab tests" })).toBeVisible();
  expect(violations).toEqual([]);
});
