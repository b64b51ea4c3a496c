// Telling a clinic's admins about its alerts: once per alert and stage in the app (the alert shows in
// the header's count and on the alerts page, and an "alert sent" audit entry records it) and by
// email when SMTP is configured. An email that could not go is tried again at the next check while
// the alert is open; one that went is never sent twice.
import { DEFAULT_CLINIC_TIME_ZONE } from "@/lib/format/time-zone";
import "server-only";
import type { Alert, PrismaClient } from "@/lib/generated/prisma/client";
import type { MailProblem, Mailer } from "@/lib/email/mailer";
import { recordAudit } from "@/lib/audit/record";
import { alertEmail } from "@/lib/alerts/email";
import { alertText } from "@/lib/alerts/kinds";
import { translatorFor } from "@/lib/i18n/translator";
import { isLocale } from "@/lib/i18n/locales";
import { alertRecipients } from "@/lib/alerts/recipients";

export interface NotifyDeps {
  db: PrismaClient;
  mailer: Mailer | null;
  appUrl: string;
  now: Date;
}

export const NO_RECIPIENTS: MailProblem = "alerts.mailProblems.noRecipients";

type EmailOutcome = { sentTo: string[]; problem: string | null };

async function email(
  alert: Alert,
  clinic: { name: string; timeZone: string },
  deps: NotifyDeps & { mailer: Mailer },
): Promise<EmailOutcome> {
  const recipients = await alertRecipients(alert.clinicId, deps.db);
  if (recipients.length === 0) return { sentTo: [], problem: NO_RECIPIENTS };
  const sentTo: string[] = [];
  let problem: string | null = null;
  for (const r of recipients) {
    const locale = isLocale(r.locale) ? r.locale : "en";
    const message = alertEmail({
      ...alert,
      clinicName: clinic.name,
      timeZone: clinic.timeZone,
      appUrl: deps.appUrl,
      to: r.email,
      now: deps.now,
      locale,
    });
    const outcome = await deps.mailer.send(message);
    if (outcome.sent) sentTo.push(r.userId);
    else problem = outcome.problem;
  }
  return { sentTo, problem };
}

/** Claims the in-app notice of this stage; false when another check has just claimed it. */
async function claimNotice(db: PrismaClient, alert: Alert): Promise<boolean> {
  const { count } = await db.alert.updateMany({
    where: { id: alert.id, stage: alert.stage, OR: [{ notifiedStage: null }, { notifiedStage: { not: alert.stage } }] },
    data: { notifiedStage: alert.stage },
  });
  return count === 1;
}

/**
 * Claims the email of this stage before sending, so that two checks never both send it; a send that
 * reached nobody gives the claim back (with why) for the next check to try again.
 */
async function claimEmail(db: PrismaClient, alert: Alert): Promise<boolean> {
  const { count } = await db.alert.updateMany({
    where: { id: alert.id, stage: alert.stage, OR: [{ emailedStage: null }, { emailedStage: { not: alert.stage } }] },
    data: { emailedStage: alert.stage },
  });
  return count === 1;
}

export async function notifyAdmins(clinicId: string, deps: NotifyDeps): Promise<void> {
  const { db } = deps;
  const alerts = await db.alert.findMany({ where: { clinicId, resolvedAt: null }, orderBy: { openedAt: "asc" } });
  const clinic = await db.clinic.findUnique({ where: { id: clinicId }, select: { name: true, timeZone: true } });
  for (const alert of alerts) {
    const fresh = alert.notifiedStage !== alert.stage;
    const unemailed = deps.mailer !== null && alert.emailedStage !== alert.stage;
    if (!fresh && !unemailed) continue;
    if (fresh && !(await claimNotice(db, alert))) continue;
    const mailer = unemailed && (await claimEmail(db, alert)) ? deps.mailer : null;
    const outcome = mailer
      ? await email(alert, clinic ?? { name: clinicId, timeZone: DEFAULT_CLINIC_TIME_ZONE }, { ...deps, mailer })
      : { sentTo: [], problem: null };
    if (mailer)
      await db.alert.update({
        where: { id: alert.id },
        data: {
          emailProblem: outcome.problem,
          ...(outcome.sentTo.length === 0 ? { emailedStage: alert.emailedStage } : {}),
        },
      });
    if (!fresh && outcome.sentTo.length === 0) continue; // a retry that failed again: nothing was sent
    await recordAudit(
      {
        clinicId,
        actorUserId: null,
        action: "alert.sent",
        target: { type: "alert", id: alert.id },
        details: {
          title: alertText(alert.kind, alert.stage, alert.details, { say: translatorFor("en"), now: deps.now }).title,
          kind: alert.kind,
          stage: alert.stage,
          inApp: fresh,
          emailedTo: outcome.sentTo,
          email: deps.mailer ? (mailer ? (outcome.problem ?? "sent") : "sent by another check") : "not configured",
        },
      },
      db,
    );
  }
}
