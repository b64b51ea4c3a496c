// Sending email through SMTP (nodemailer), for alerts. SMTP_URL names the server (smtp:// or
// smtps://, credentials in the URL); unset, there is no mailer and alerts show in the app only.
// `npm start` sets it to its local mail catcher. Failures come back as a catalog key
// (`alerts.mailProblems.*`), said in the reader's language where an admin sees it (the alert's card,
// the test email's answer, the audit trail), never the server's address or credentials.
import "server-only";
import nodemailer from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared";
import { getConfig } from "@/lib/config";
import { log } from "@/lib/log/logger";

export interface EmailMessage {
  to: string[];
  subject: string;
  text: string;
}

/** What went wrong, as a key of the catalogs. */
export type MailProblem = `alerts.mailProblems.${"auth" | "unreachable" | "address" | "refused" | "noRecipients"}`;

export type SendOutcome = { sent: true } | { sent: false; problem: MailProblem };

export interface Mailer {
  /** Where mail goes, safe to show an admin: the host and port, never credentials. */
  describe: string;
  send(message: EmailMessage): Promise<SendOutcome>;
}

/** Bounds on one SMTP exchange: a check job must not hang on a server that does not answer. */
const TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createMailer(smtpUrl: string, from: string): Mailer {
  // nodemailer reads a URL or an options object, not both: the URL's options, then the bounds.
  const transport = nodemailer.createTransport({ ...parseConnectionUrl(smtpUrl), ...TIMEOUTS_MS });
  const url = new URL(smtpUrl);
  return {
    describe: `${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`,
    async send(message) {
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
        return { sent: true };
      } catch (error) {
        const code = error instanceof Error && "code" in error ? String(error.code) : "";
        log.error(`email: not sent: ${error instanceof Error ? error.name : typeof error} ${code}`);
        return { sent: false, problem: problemOf(code) };
      }
    },
  };
}

function problemOf(code: string): MailProblem {
  if (code === "EAUTH") return "alerts.mailProblems.auth";
  if (code === "ECONNECTION" || code === "ETIMEDOUT" || code === "ESOCKET" || code === "EDNS")
    return "alerts.mailProblems.unreachable";
  if (code === "EENVELOPE") return "alerts.mailProblems.address";
  return "alerts.mailProblems.refused";
}

const shared = globalThis as unknown as { clinicConnectMailer?: Mailer | null };

/** The app's mailer from SMTP_URL, or null when email is not configured. */
export function appMailer(): Mailer | null {
  if (shared.clinicConnectMailer === undefined) {
    const { smtpUrl, smtpFrom } = getConfig();
    shared.clinicConnectMailer = smtpUrl ? createMailer(smtpUrl, smtpFrom) : null;
  }
  return shared.clinicConnectMailer;
}
