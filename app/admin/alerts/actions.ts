"use server";
// The Alerts tab's actions, admins only: acknowledge an alert of the caller's clinic, set where the
// caller's alerts are emailed, send a test email, check now.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction, defineFormAction } from "@/lib/actions/builder";
import { done, refused } from "@/lib/results/result";
import { testEmail } from "@/lib/alerts/email";
import { callerLocale } from "@/lib/auth/language";
import { requestAlertCheck } from "@/lib/alerts/jobs";
import { alertEmailOf, AlertEmailSchema, setAlertEmail } from "@/lib/alerts/recipients";
import { acknowledgeAlert } from "@/lib/alerts/view";
import { recordAudit } from "@/lib/audit/record";
import { SECTIONS } from "@/lib/auth/sections";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db";
import { appMailer } from "@/lib/email/mailer";
import { getBoss } from "@/lib/queue/boss";

const ADMIN = SECTIONS.admin.roles;
const AlertId = z.object({ alertId: z.uuid("alerts.actions.notAnAlert") });
const refreshView = () => revalidatePath("/", "layout"); // the header's count is on every page

export const acknowledgeAlertAction = defineAction(
  { name: "alerts.acknowledge", roles: ADMIN, input: AlertId },
  async ({ actor, input }) => {
    if (!(await acknowledgeAlert(actor, input.alertId))) return refused("alerts.actions.notOpen");
    refreshView();
    return done("alerts.actions.acknowledged");
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
    return done(input.email ? "alerts.actions.emailSaved" : "alerts.actions.emailRemoved", { email: input.email });
  },
);

export const sendTestEmailAction = defineAction({ name: "alerts.send-test-email", roles: ADMIN }, async ({ actor }) => {
  const mailer = appMailer();
  if (!mailer) return refused("alerts.actions.noMailer");
  const to = await alertEmailOf(actor.userId);
  if (!to) return refused("alerts.actions.noAddress");
  const clinic = await db.clinic.findUniqueOrThrow({ where: { id: actor.clinicId }, select: { name: true } });
  const outcome = await mailer.send(
    testEmail({ clinicName: clinic.name, appUrl: getConfig().appUrl, to, locale: await callerLocale() }),
  );
  if (!outcome.sent) return refused(outcome.problem);
  await recordAudit({
    clinicId: actor.clinicId,
    actorUserId: actor.userId,
    action: "alert.test_email_sent",
    target: { type: "user", id: actor.userId },
    details: { email: to },
  });
  return done("alerts.actions.testSent", { to });
});

export const checkAlertsNowAction = defineAction({ name: "alerts.check-now", roles: ADMIN }, async ({ actor }) => {
  await requestAlertCheck(await getBoss(), actor.clinicId);
  return done("alerts.actions.checking");
});
