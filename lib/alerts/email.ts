// An alert as an email: the same words as the alerts page, a link to it, and the clinic's name, in
// the recipient's language. Plain text only (nothing to render wrong, nothing remote to load).
import "server-only";
import type { EmailMessage } from "@/lib/email/mailer";
import { alertText } from "@/lib/alerts/kinds";
import { timeLocale, type Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";

export interface AlertEmailInput {
  kind: string;
  stage: string;
  details: unknown;
  clinicName: string;
  appUrl: string;
  to: string;
  now: Date;
  locale: Locale;
  /** The clinic's zone, which the email's times are written in. */
  timeZone: string;
}

export function alertEmail(input: AlertEmailInput): EmailMessage {
  const say = translatorFor(input.locale);
  const text = alertText(input.kind, input.stage, input.details, {
    say,
    locale: timeLocale(input.locale),
    timeZone: input.timeZone,
    now: input.now,
    sent: true,
  });
  const link = text.link ? new URL(text.link.href, input.appUrl).toString() : "";
  return {
    to: [input.to],
    subject: say("alerts.email.subject", { title: text.title, clinic: input.clinicName }),
    text: say("alerts.email.body", {
      title: text.title,
      body: text.body,
      hasLink: link ? "yes" : "no",
      linkLabel: text.link?.label ?? "",
      link,
      clinic: input.clinicName,
      alertsUrl: `${input.appUrl}/admin/alerts`,
    }),
  };
}

export function testEmail(input: { clinicName: string; appUrl: string; to: string; locale: Locale }): EmailMessage {
  const say = translatorFor(input.locale);
  return {
    to: [input.to],
    subject: say("alerts.email.testSubject", { clinic: input.clinicName }),
    text: say("alerts.email.testBody", { clinic: input.clinicName, alertsUrl: `${input.appUrl}/admin/alerts` }),
  };
}
