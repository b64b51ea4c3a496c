// The admin console end to end against the sandbox, on the second seeded clinic (the other specs
// mostly use the first): a forced refresh; a connection the platform revoked turning broken; an
// admin revoking one; promote and demote; entering a clinic key and watching it activate, then the
// clinic revoking it; the sessions of a revoked, broken or demoted user ending on their next request; filtering deliveries in every form and paging; a reconciliation run watched to
// the end with the gap it filled; and non-admins refused by pages, the route and the actions.
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { LOCAL_DEFAULTS } from "@/lib/contract/local-defaults";
import { E2E_ENV } from "@/tooling/testing/e2e-stacks";
import {
  PRACTITIONER,
  SANDBOX,
  currentSession,
  sandboxActivityId,
  sandboxControl,
  signInAs,
  signOut,
} from "./support/session";
import { toastSaying } from "./support/toasts";
import {
  LIVE,
  enterClinicKey,
  ensureActivated as ensureActivatedAt,
  keyState,
  reconcileNow,
  registerWebhookEndpoint,
  signInAsClinicAdmin as signInAsClinicAdminOf,
  type SeedClinic,
} from "./support/clinic-admin";

const CLINIC = 1;
const CALLBACK = `${E2E_ENV.APP_URL}/api/auth/callback/clinic`;

const signInAsClinicAdmin = (page: Page) => signInAsClinicAdminOf(page, CLINIC);
const ensureActivated = (page: Page) => ensureActivatedAt(page, CLINIC);

/** A practitioner signed in in a browser of their own; returns their app user id and the OAuth code. */
async function memberSignsIn(
  browser: Browser,
  nth: number,
): Promise<{ page: Page; userId: string; code: () => string }> {
  const context = await browser.newContext({ baseURL: E2E_ENV.APP_URL });
  const page = await context.newPage();
  let code = "";
  page.on("request", (request) => {
    if (request.url().startsWith(CALLBACK)) code = new URL(request.url()).searchParams.get("code") ?? code;
  });
  await signInAs(page, PRACTITIONER, { clinicIndex: CLINIC, nth });
  const userId = (await currentSession(page)).user?.id ?? "";
  expect(userId).not.toBe("");
  return { page, userId, code: () => code };
}

/** The user's next request of any kind is refused: a JSON route, a page, the session itself. */
/** The session ended on its next request; the sign-in page says why, in words. */
async function expectSessionEnded(page: Page, why: { reason: string; words: string }): Promise<void> {
  expect((await page.request.get("/api/events")).status()).toBe(401);
  await page.goto("/events");
  await expect(page).toHaveURL(new RegExp(`/signin\\?reason=${why.reason}&callbackUrl=%2Fevents`));
  await expect(page.getByText(why.words)).toBeVisible();
  expect((await currentSession(page)).user).toBeUndefined();
}
const BROKEN = { reason: "broken", words: "The platform no longer accepts your connection." };
const REVOKED = { reason: "revoked", words: "Your platform connection was revoked." };

const accountRow = (page: Page, userId: string) => page.locator(`tr[data-user-id="${userId}"]`);

/** One of a row's actions, its "Actions" panel opened first where it is closed. */
async function rowAction(row: Locator, name: RegExp): Promise<Locator> {
  const button = row.getByRole("button", { name });
  if (!(await button.isVisible())) await row.getByRole("button", { name: /^Actions for / }).click();
  await expect(button).toBeVisible();
  return button;
}

test.beforeEach(async ({ page }) => {
  await sandboxControl(page, "faults", { clear: true });
  await registerWebhookEndpoint(page);
});

test("accounts: a forced refresh, a connection the platform revoked turns broken, an admin revokes one", async ({
  page,
  browser,
}) => {
  await signInAsClinicAdmin(page);
  const member = await memberSignsIn(browser, 3);
  await page.goto("/admin/accounts");
  const row = accountRow(page, member.userId);
  await expect(row.locator('[data-column="state"]')).toContainText("Connected");
  await expect(row.locator('[data-column="last-refresh"]')).toContainText("Never");

  await (await rowAction(row, /^Force refresh for/)).click();
  // Confirmed by a toast (announced), and said again beside the button.
  await expect(toastSaying(page, "Refreshed. The new token is valid until")).toBeVisible();
  await expect(row).toContainText("Refreshed. The new token is valid until");
  await expect(row.locator('[data-column="last-refresh"]')).toContainText("1 refresh");

  // The platform ends the user's authorization behind our back (replaying the sign-in's code makes
  // the sandbox revoke every token of that grant, the refreshed ones included).
  const replay = await page.request.post(`${SANDBOX}/api/oauth/token`, {
    data: {
      grant_type: "authorization_code",
      client_id: LOCAL_DEFAULTS.clientId,
      client_secret: LOCAL_DEFAULTS.clientSecret,
      code: member.code(),
      redirect_uri: CALLBACK,
    },
  });
  expect(replay.status()).toBe(400);
  await (await rowAction(row, /^Force refresh for/)).click();
  await expect(row.getByRole("alert")).toContainText("the connection is now broken");
  await expect(row.locator('[data-column="state"]')).toContainText("Broken");
  await expect(row.locator('[data-column="state"]')).toContainText("invalid_grant");
  // The platform refused the user's refresh token: their open session ends on its next request.
  await expectSessionEnded(member.page, BROKEN);

  // An admin revokes a working connection: another practitioner, freshly signed in.
  const other = await memberSignsIn(browser, 2);
  await page.reload();
  const otherRow = accountRow(page, other.userId);
  await expect(otherRow.locator('[data-column="state"]')).toContainText("Connected");
  await (await rowAction(otherRow, /^Revoke .*connection$/)).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
  await expect(toastSaying(page, "Revoked here and at the platform")).toBeVisible();
  await expect(otherRow).toContainText("Revoked here and at the platform");
  await expect(otherRow.locator('[data-column="state"]')).toContainText("Revoked");
  await expect(otherRow.getByRole("button", { name: /^Force refresh for/ })).toBeDisabled();
  // Revoked: the user's session reads nothing more, not even what the app keeps locally.
  await expectSessionEnded(other.page, REVOKED);
  await other.page.context().close();
  await member.page.context().close();
});

test("accounts: promote a user to admin and demote them again; a demoted admin's actions are refused", async ({
  page,
  browser,
}) => {
  await signInAsClinicAdmin(page);
  const member = await memberSignsIn(browser, 3);
  await page.goto("/admin/accounts");
  const row = accountRow(page, member.userId);
  await (await rowAction(row, /^Promote to admin: /)).click();
  await page.getByRole("dialog").getByRole("button", { name: "Promote to admin" }).click();
  await expect(row.locator('[data-column="role"]')).toHaveText("Admin");
  const name = (await row.locator('[data-column="user"]').innerText()).split("\n")[0].trim();

  // The promoted user opens the console, then loses it while the page is open.
  await member.page.goto("/admin/accounts");
  await expect(member.page.getByRole("heading", { level: 2, name: "Accounts" })).toBeVisible();
  await (await rowAction(row, /^Demote /)).click();
  await page.getByRole("dialog").getByRole("button", { name: "Demote" }).click();
  await expect(row.locator('[data-column="role"]')).toHaveText("Practitioner");

  const stale = accountRow(member.page, member.userId);
  await (await rowAction(stale, /^Force refresh for/)).click();
  await expect(stale.getByRole("alert")).toHaveText(
    "Your role does not allow this. Ask an admin of your clinic if you need it.",
  );
  expect((await member.page.goto("/admin/accounts"))?.status()).toBe(404);
  await member.page.context().close();

  // The audit trail names the person whose right changed, not an internal id.
  await page.goto("/admin/audit");
  for (const action of ["admin.promoted", "admin.demoted"])
    await expect(page.locator(`[data-audit-action="${action}"]`).first()).toContainText(name);
});

test("clinic key: enter it and see it activate; the clinic revokes it and the console says what to do", async ({
  page,
}) => {
  await signInAsClinicAdmin(page);
  const clinic = await ensureActivated(page);
  const key = clinic.current_clinic_key;
  await expect(page.getByText(`••••••••${key.slice(-4)}`)).toBeVisible();
  expect(await page.content()).not.toContain(key);
  await expect(page.getByRole("table", { name: "Latest clinic key events" })).toContainText("Clinic key activated");

  await sandboxControl(page, "clinic-keys/revoke", { clinic_id: clinic.id });
  await expect(keyState(page)).toHaveText("Revoked", LIVE);
  await expect(page.getByText("What to do: ask the clinic to issue a new key")).toBeVisible();
  await page.goto("/admin");
  await expect(page.getByRole("region", { name: "Clinic key" })).toContainText("Revoked");

  // The clinic issues a new key; entering it activates the integration again.
  const issued = await sandboxControl<{ clinic_key: { value: string } }>(page, "clinic-keys/issue", {
    clinic_id: clinic.id,
  });
  await enterClinicKey(page, issued.clinic_key.value);
  await expect(keyState(page)).toHaveText("Activated", LIVE);

  // A key of another clinic is refused and nothing changes.
  const other = (await sandboxControl<{ clinics: SeedClinic[] }>(page, "seed")).clinics[0];
  await page.getByLabel(/^(new )?clinic key$/i).fill(other.current_clinic_key);
  await page.getByRole("button", { name: "Replace the key" }).click();
  await expect(page.getByText("The platform does not know this key for your clinic")).toBeVisible();
  await expect(page.getByText(`••••••••${issued.clinic_key.value.slice(-4)}`)).toBeVisible();
});

test("webhooks: set-up, the chart, and deliveries filtered by every date form, event, outcome, sort and pages", async ({
  page,
}) => {
  await signInAsClinicAdmin(page);
  const clinic = await ensureActivated(page);
  const ids: string[] = [];
  for (let i = 0; i < 11; i++) ids.push(await sandboxActivityId(page, clinic.id, "patient.created"));
  await sandboxControl(page, "webhooks/drain", {});

  await page.goto("/admin/webhooks");
  await expect(page.getByTestId("webhook-url")).toHaveText(`${E2E_ENV.APP_URL}/api/webhooks/clinic`);
  await expect(page.getByTestId("webhook-secret")).toContainText("Local default");
  await expect(page.getByTestId("webhook-challenge")).toContainText("Local default");
  await expect(page.getByRole("img", { name: /Webhook delivery attempts per day, .*delivered/ })).toBeVisible();

  const table = page.getByRole("table", { name: "Webhook deliveries" });
  const rows = table.locator("tbody tr");
  const target = ids[5];
  await page.getByLabel("Event id", { exact: true }).fill(target);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`event_id=${target}`));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-delivery-event", target);
  await expect(rows.first()).toContainText("Delivered");
  // The filter counts the clinic's days: the attempt's day as the row shows it, on the clinic's clock
  // ("25 Nov 2026, 19:32 EST"), not its UTC day (from 00:00 to 05:00 UTC they differ in Toronto).
  const shown = (await rows.first().locator("time").first().innerText()).trim();
  const [, dd, mon, yyyy] = /^(\d{1,2}) (\w{3})\w* (\d{4})/.exec(shown) ?? [];
  const month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].indexOf(mon) + 1;
  expect(month, shown).toBeGreaterThan(0);
  const day = `${yyyy}-${String(month).padStart(2, "0")}-${dd.padStart(2, "0")}`;
  const dayBefore = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

  // Outcome: this event was delivered, so "failed" finds nothing.
  await page.getByLabel("Outcome", { exact: true }).selectOption("false");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("No delivery attempts match these filters.")).toBeVisible();
  await page.getByLabel("Outcome", { exact: true }).selectOption("");

  // Every date form, each with the event id still set: [mode, day, to, expected rows].
  const forms: Array<[string, string, string | null, number]> = [
    ["on", day, null, 1],
    ["before", day, null, 0],
    ["after", dayBefore, null, 1],
    ["after", day, null, 0],
    ["between", dayBefore, day, 1],
  ];
  for (const [mode, from, to, expected] of forms) {
    await page.getByLabel("Date filter", { exact: true }).selectOption(mode);
    await page.getByLabel(mode === "between" ? "From" : "Day", { exact: true }).fill(from);
    if (to) await page.getByLabel("To", { exact: true }).fill(to);
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/attempted_at=/);
    if (expected === 0) await expect(page.getByText("No delivery attempts match these filters.")).toBeVisible();
    else await expect(rows).toHaveCount(expected);
  }

  // Pages of 10, sorted by event id ascending.
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/admin\/webhooks$/);
  await page.getByLabel("Sort by", { exact: true }).selectOption("event_id");
  await page.getByLabel("Order", { exact: true }).selectOption("ASC");
  await page.getByLabel("Per page", { exact: true }).selectOption("10");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/size=10/);
  await expect(rows).toHaveCount(10);
  const eventIds = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-delivery-event") ?? ""));
  expect(eventIds).toEqual([...eventIds].sort());
  await expect(page.getByText(/^Page 1 of \d+ · \d+ delivery attempts$/)).toBeVisible();
  await page.getByRole("button", { name: "Next →" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/^Page 2 of \d+/)).toBeVisible();

  // The Event and Attempted headers sort (the platform's two sort keys): each says how the list is
  // sorted, and following one (here by keyboard) flips or changes the order and starts at page 1.
  const header = (name: string) => table.getByRole("columnheader", { name, exact: true });
  await expect(header("Event")).toHaveAttribute("aria-sort", "ascending");
  await expect(header("Attempted")).not.toHaveAttribute("aria-sort");
  await expect(header("Outcome").getByRole("link")).toHaveCount(0);
  await header("Event").getByRole("link").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/sort=event_id/);
  await expect(page).not.toHaveURL(/order=ASC|page=2/);
  await expect(header("Event")).toHaveAttribute("aria-sort", "descending");
  const descending = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-delivery-event") ?? ""));
  expect(descending).toEqual([...descending].sort().reverse());
  await header("Attempted").getByRole("link").click();
  await expect(page).toHaveURL(/\/admin\/webhooks\?size=10$/);
  await expect(header("Attempted")).toHaveAttribute("aria-sort", "descending");
  await expect(header("Event")).not.toHaveAttribute("aria-sort");
  const attempts = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-attempted-at") ?? ""));
  expect(attempts).toEqual([...attempts].sort().reverse());

  // A hand-edited URL with a date that does not exist says why.
  await page.goto("/admin/webhooks?attempted_at=2026-02-30");
  await expect(page.getByRole("alert").filter({ hasText: "not a valid date" })).toBeVisible();
});

test("reconciliation: run it now, watch the progress bar finish, and see the dropped delivery as a gap", async ({
  page,
}) => {
  await signInAsClinicAdmin(page);
  const clinic = await ensureActivated(page);
  await sandboxControl(page, "faults", { webhook_drop_next: 1 });
  const dropped = await sandboxActivityId(page, clinic.id, "order.placed");

  // This run, not an earlier one (admin-words.spec reconciles the same clinic just before).
  const lastRun = await reconcileNow(page);
  await expect(lastRun).toContainText("By an admin");
  const panel = page.getByRole("region", { name: "Reconciliation" });
  await expect(panel.getByRole("status")).toContainText("Done");
  await expect(panel.getByRole("progressbar", { name: "Reconciliation progress" })).toHaveAttribute(
    "aria-valuenow",
    "100",
  );

  await page.goto("/admin/webhooks");
  await expect(page.locator(`tr[data-gap-event="${dropped}"]`)).toContainText("Order placed");
});

test("reconciliation: a delivery the app never got is reported as failed, with its answer, and stored all the same", async ({
  page,
}) => {
  await signInAsClinicAdmin(page);
  const clinic = await ensureActivated(page);
  const endpoint = (url: string) =>
    sandboxControl(page, "webhook-endpoint", {
      url,
      signing_secret: LOCAL_DEFAULTS.webhookSecret,
      challenge_token: LOCAL_DEFAULTS.webhookChallenge,
    });
  // The platform is told a wrong address for a moment: the app answers 404 there.
  await endpoint(`${E2E_ENV.APP_URL}/api/webhooks/misconfigured`);
  let missed: string;
  try {
    missed = await sandboxActivityId(page, clinic.id, "product.description.updated");
    await sandboxControl(page, "webhooks/drain", {});
  } finally {
    await endpoint(`${E2E_ENV.APP_URL}/api/webhooks/clinic`);
  }

  await page.goto("/admin/reconciliation");
  await expect(
    page.getByRole("table", { name: "Failed webhook deliveries" }).locator(`tr[data-failed-event="${missed}"]`),
  ).toHaveCount(0);
  const panel = page.getByRole("region", { name: "Reconciliation" });
  await panel.getByRole("button", { name: "Reconcile now" }).click();
  await expect(panel.getByRole("status")).toContainText("Done", { timeout: 60_000 });

  const failed = page
    .getByRole("table", { name: "Failed webhook deliveries" })
    .locator(`tr[data-failed-event="${missed}"]`);
  await expect(failed).toBeVisible(LIVE);
  await expect(failed).toContainText("Product description updated");
  await expect(failed.locator('[data-column="attempts"]')).toHaveText("1");
  await expect(failed).toContainText("HTTP 404");
  await expect(failed.locator('[data-column="stored"]')).toHaveText("Yes");
  const lastRun = page.getByRole("table", { name: "Last reconciliation runs" }).locator("tbody tr").first();
  await expect(lastRun.locator('[data-column="failed-deliveries"]')).not.toHaveText("0");
});

test("only admins: pages answer 404, the status route 403 (401 signed out), the overview works for admins", async ({
  page,
  request,
}) => {
  await signInAsClinicAdmin(page);
  const status = await page.request.get("/admin/api/status");
  expect(status.status()).toBe(200);
  expect(await status.json()).toMatchObject({
    ok: true,
    data: { environment: { authMode: "role" }, accounts: { users: expect.any(Number) } },
  });
  await page.goto("/admin");
  for (const part of ["Accounts", "Clinic key", "Webhooks", "Reconciliation", "Environment"])
    await expect(page.getByRole("region", { name: part })).toBeVisible();
  await expect(page.getByTestId("alerts-indicator")).toBeVisible(); // the notification area, on every page
  await page.goto("/admin/environment");
  await expect(page.getByTestId("platform-server")).toHaveText(`Local sandbox (on this machine) at ${SANDBOX}`);
  await expect(page.getByTestId("auth-mode")).toContainText("Role-based");
  await signOut(page);

  await signInAs(page, PRACTITIONER, { clinicIndex: CLINIC, nth: 2 });
  expect((await currentSession(page)).user?.role).not.toBe("Admin");
  for (const path of [
    "/admin",
    "/admin/accounts",
    "/admin/clinic-key",
    "/admin/webhooks",
    "/admin/reconciliation",
    "/admin/environment",
    "/admin/settings",
    "/admin/alerts",
    "/admin/audit",
  ]) {
    expect((await page.goto(path))?.status(), path).toBe(404);
  }
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" })).toHaveCount(0);
  for (const route of ["/admin/api/status", "/admin/api/alerts", "/admin/audit/export"]) {
    expect((await page.request.get(route)).status(), route).toBe(403);
    expect((await request.get(route)).status(), route).toBe(401);
  }
  await expect(page.getByTestId("alerts-indicator")).toHaveCount(0);
});
