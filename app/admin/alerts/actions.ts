"use server";
// The Alerts tab's actions, admins only: acknowledge an alert of the caller's clinic, set where the
// caller's alerts are emailed, send a test email, check now.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction, defineFormAction } from "@/lib/actions/builder";
import { done, refused } from "@/lib/actions/result";
import { testEmail } from "@/lib/alerts/email";
import { requestAlertCheck } from "@/lib/alerts/jobs";
import { alertEmailOf, AlertEmailSchema, setAlertEmail } from "@/lib/alerts/recipients";
import { acknowledgeAlert } from "@/lib/alerts/view";
import { recordAudit } from "@/lib/audit/record";
import { SECTIONS } from "@/lib/auth/sections";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db";
import { appMailer } from "@/lib/email/mailer";
import { getBoss } from "@/lib/jobs/boss";

const ADMIN = SECTIONS.admin.roles;
const AlertId = z.object({ alertId: z.uuid("That is not an alert of this app.") });
const refreshView = () => revalidatePath("/", "layout"); // the header's count is on every page

export const acknowledgeAlertAction = defineAction(
  { name: "alerts.acknowledge", roles: ADMIN, input: AlertId },
  async ({ actor, input }) => {
    if (!(await acknowledgeAlert(actor, input.alertId)))
      return refused("This alert is no longer open (it resolved itself), or it is not one of your clinic's.");
    refreshView();
    return done("Acknowledged. It stays here until its cause clears.");
  },
);

export const saveAlertEmailAction = defineFormAction(
  {
    name: "alerts.save-email",
    roles: ADMIN,
    input: AlertEmailSchema,
    // A missing field (or a request without a form) reads as an empty address: no alert emails.
    fromForm: (form) => ({ email: form.get("email") ?? "" }),
  },
  async ({ actor, input }) => {
    if (await setAlertEmail(actor, input.email))
      await recordAudit({
        clinicId: actor.clinicId,
        actorUserId: actor.userId,
        action: "alert.email_changed",
        target: { type: "user", id: actor.userId },
        details: { email: input.email || null },
      });
    refreshView();
    return done(input.email ? `Alerts will be emailed to ${input.email}.` : "Alerts will no longer be emailed to you.");
  },
);

export const sendTestEmailAction = defineAction({ name: "alerts.send-test-email", roles: ADMIN }, async ({ actor }) => {
  const mailer = appMailer();
  if (!mailer) return refused("Email is not set up on this server (SMTP_URL): alerts show here only.");
  const to = await alertEmailOf(actor.userId);
  if (!to) return refused("Give your email address above first.");
  const clinic = await db.clinic.findUniqueOrThrow({ where: { id: actor.clinicId }, select: { name: true } });
  const outcome = await mailer.send(testEmail({ clinicName: clinic.name, appUrl: getConfig().appUrl, to }));
  if (!outcome.sent) return refused(outcome.problem);
  await recordAudit({
    clinicId: actor.clinicId,
    actorUserId: actor.userId,
    action: "alert.test_email_sent",
    target: { type: "user", id: actor.userId },
    details: { email: to },
  });
  return done(`Sent to ${to}. If it does not arrive, check the spam folder and the address.`);
});

export const checkAlertsNowAction = defineAction({ name: "alerts.check-now", roles: ADMIN }, async ({ actor }) => {
  await requestAlertCheck(await getBoss(), actor.clinicId);
  return done("Checking now. New alerts appear here within a minute.");
});
