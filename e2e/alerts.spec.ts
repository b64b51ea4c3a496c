// Alerts end to end: the sandbox's fault makes webhook deliveries to the app fail; the clinic's admin
// checks, sees the alert in the header's count and on the alerts page with the deadline the platform's
// 24-hour rule sets, once however often it is checked, and gets one email (read from the main stack's
// mail catcher); the endpoint recovers and the alert resolves itself. On the second seeded clinic.
import { expect, test, type Page } from "@playwright/test";
import { z } from "zod";
import { formatTime } from "@/lib/format/time";
import { queryOnce } from "@/tooling/testing/database";
import { DATABASE_URL_VARS, MAIL_CATCHER_URL_VAR } from "@/tooling/testing/e2e-stacks";
import { ensureActivated, registerWebhookEndpoint, signInAsClinicAdmin } from "./support/clinic-admin";
import { sandboxActivityId, sandboxControl } from "./support/session";
import { toastSaying } from "./support/toasts";

const CLINIC = 1;
const EMAIL = `alerts-${Date.now().toString(36)}@harbour.test`;
const SLOW = { timeout: 45_000 };

const DeliveriesSchema = z.object({
  deliveries: z.array(
    z.object({
      event_id: z.string(),
      clinic_id: z.string(),
      attempted_at: z.string(),
      successfully_delivered: z.boolean(),
    }),
  ),
});
const MailSchema = z.array(
  z.object({ subject: z.string(), text: z.string(), to: z.array(z.object({ address: z.string() })) }),
);

async function activity(page: Page, clinicId: string, type: string): Promise<string> {
  const id = await sandboxActivityId(page, clinicId, type);
  await sandboxControl(page, "webhooks/drain", {});
  return id;
}

async function attemptsOf(page: Page, eventId: string) {
  const { deliveries } = DeliveriesSchema.parse(await sandboxControl(page, "deliveries"));
  return deliveries.filter((d) => d.event_id === eventId);
}

async function mailsTo(page: Page, address: string) {
  const response = await page.request.get(`${process.env[MAIL_CATCHER_URL_VAR]}/email`);
  return MailSchema.parse(await response.json()).filter((m) => m.to.some((t) => t.address === address));
}

/** Alert checks of the clinic that have run to the end (pg-boss keeps finished jobs). */
async function checksDone(clinicId: string): Promise<number> {
  const [{ n }] = await queryOnce<{ n: number }>(
    process.env[DATABASE_URL_VARS.main] ?? "",
    "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'alerts-check-clinic' AND state = 'completed' AND data->>'clinicId' = $1",
    [clinicId],
  );
  return n;
}

async function checkNow(page: Page, clinicId: string): Promise<void> {
  const before = await checksDone(clinicId);
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(toastSaying(page, "Checking now")).toBeVisible();
  await expect.poll(() => checksDone(clinicId), SLOW).toBeGreaterThan(before);
  await page.reload();
}

test.afterEach(async ({ page }) => {
  await sandboxControl(page, "faults", { clear: true });
  await registerWebhookEndpoint(page);
});

test("failing deliveries: the admin sees the alert with its deadline, once, and it resolves when the endpoint recovers", async ({
  page,
}) => {
  await sandboxControl(page, "faults", { clear: true });
  await registerWebhookEndpoint(page);
  await signInAsClinicAdmin(page, CLINIC);
  const clinic = await ensureActivated(page, CLINIC);
  // A delivered event first, so that the failing streak is this test's own.
  const delivered = await activity(page, clinic.id, "patient.created");
  expect((await attemptsOf(page, delivered)).map((d) => d.successfully_delivered)).toEqual([true]);

  await page.goto("/admin/alerts");
  await page.getByLabel("Your email address for alerts").fill(EMAIL);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: `Alerts will be emailed to ${EMAIL}.` })).toBeVisible();

  await sandboxControl(page, "faults", { webhook_fail_next: { count: 20 } });
  const failed = await activity(page, clinic.id, "order.placed");
  const [firstFailure] = await attemptsOf(page, failed);
  expect(firstFailure.successfully_delivered).toBe(false);
  const deadline = new Date(Date.parse(firstFailure.attempted_at) + 24 * 3600_000).toISOString();
  // The alert's times are on the clinic's clock, as every time in the app.
  const [{ time_zone: timeZone }] = await queryOnce<{ time_zone: string }>(
    process.env[DATABASE_URL_VARS.main] ?? "",
    "SELECT time_zone FROM clinics WHERE id = $1",
    [clinic.id],
  );

  await checkNow(page, clinic.id);
  const open = page.getByRole("region", { name: /Needs attention/ });
  const card = open.locator('article[data-alert-kind="webhook_deliveries"]');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Webhook deliveries are failing");
  await expect(card).toContainText(
    `the platform disables the webhook endpoint at ${formatTime(deadline, { timeZone })}`,
  );
  await expect(card).toContainText(/2[0-3] hours from now/);
  await expect(page.getByTestId("alerts-indicator")).toHaveAccessibleName(/^Alerts [1-9]\d* needs? attention$/);

  // Checked again: still the one alert, and still one email.
  await checkNow(page, clinic.id);
  await expect(card).toHaveCount(1);
  const subject = `Webhook deliveries are failing (${clinic.name})`;
  await expect.poll(async () => (await mailsTo(page, EMAIL)).filter((m) => m.subject === subject).length).toBe(1);
  const [mail] = (await mailsTo(page, EMAIL)).filter((m) => m.subject === subject);
  expect(mail.text).toContain(formatTime(deadline, { timeZone }));
  expect(mail.text).toContain("/admin/alerts");

  // The endpoint recovers: the next delivery goes through and the alert resolves itself.
  await sandboxControl(page, "faults", { clear: true });
  const after = await activity(page, clinic.id, "patient.created");
  expect((await attemptsOf(page, after)).map((d) => d.successfully_delivered)).toEqual([true]);
  await checkNow(page, clinic.id);
  await expect(card).toHaveCount(0);
  const resolved = page.getByRole("region", { name: "Recently resolved" });
  await expect(resolved.locator('article[data-alert-kind="webhook_deliveries"]').first()).toContainText("Resolved");
  expect((await mailsTo(page, EMAIL)).filter((m) => m.subject === subject)).toHaveLength(1);
});
