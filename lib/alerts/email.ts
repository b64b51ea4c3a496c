// An alert as an email: the same words as the alerts page, a link to it, and the clinic's name. Plain
// text only (nothing to render wrong, nothing remote to load).
import type { EmailMessage } from "@/lib/email/mailer";
import { alertText } from "@/lib/alerts/kinds";

export interface AlertEmailInput {
  kind: string;
  stage: string;
  details: unknown;
  clinicName: string;
  appUrl: string;
  to: string;
  now: Date;
}

export function alertEmail(input: AlertEmailInput): EmailMessage {
  const text = alertText(input.kind, input.stage, input.details, input.now, true);
  const link = text.link ? `${text.link.label}: ${new URL(text.link.href, input.appUrl).toString()}\n\n` : "";
  return {
    to: [input.to],
    subject: `${text.title} (${input.clinicName})`,
    text:
      `${text.title}\n\n${text.body}\n\n${link}` +
      `All alerts of ${input.clinicName}: ${input.appUrl}/admin/alerts\n\n` +
      "You receive this because you are an admin of this clinic in Clinic Connect and gave this address for alerts.\n",
  };
}

export function testEmail(input: { clinicName: string; appUrl: string; to: string }): EmailMessage {
  return {
    to: [input.to],
    subject: `Test alert email (${input.clinicName})`,
    text:
      `This is a test from Clinic Connect: alerts of ${input.clinicName} will reach you at this address.\n\n` +
      `All alerts: ${input.appUrl}/admin/alerts\n`,
  };
}
