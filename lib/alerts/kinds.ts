// What each alert says, in words an admin can act on, from its kind, stage and details. Shared by the
// alerts page, the header's count and the email (server and browser; no server-only imports). The
// details are written by the detectors (detect/) and parsed here, never trusted blindly.
import { formatTime } from "@/lib/format/time";
import { z } from "zod";

export const ALERT_KINDS = ["webhook_deliveries", "connection_broken", "clinic_key_revoked", "missed_events"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** A stage later in its list is graver: moving to it tells the admins again. */
export const ALERT_STAGES: Record<AlertKind, readonly string[]> = {
  webhook_deliveries: ["failing", "disabled"],
  connection_broken: ["open"],
  clinic_key_revoked: ["open"],
  missed_events: ["open"],
};

export const WebhookDetailsSchema = z.object({
  since: z.string(),
  deadline: z.string(),
  failedAttempts: z.number(),
  lastAttemptAt: z.string(),
  lastProblem: z.string(),
  disabledBecause: z.enum(["gone", "failing_24h"]).nullable(),
});
export type WebhookDetails = z.infer<typeof WebhookDetailsSchema>;

export const ConnectionDetailsSchema = z.object({
  connectionId: z.string(),
  userId: z.string().nullable(),
  person: z.string(),
  reason: z.string().nullable(),
  signInUrl: z.string(),
});
export type ConnectionDetails = z.infer<typeof ConnectionDetailsSchema>;

export const ClinicKeyDetailsSchema = z.object({ eventId: z.string(), revokedAt: z.string() });
export type ClinicKeyDetails = z.infer<typeof ClinicKeyDetailsSchema>;

export const MissedDetailsSchema = z.object({
  count: z.number(),
  byType: z.record(z.string(), z.number()),
  runIds: z.array(z.string()),
  lastRunAt: z.string(),
});
export type MissedDetails = z.infer<typeof MissedDetailsSchema>;

export interface AlertText {
  title: string;
  body: string;
  /** A link the admin needs (to send someone, or to the page where it is fixed), with its words. */
  link: { href: string; label: string } | null;
}

const HOUR_MS = 3_600_000;

export function hoursLeft(deadline: string, now: Date): number {
  return Math.max(0, Math.floor((Date.parse(deadline) - now.getTime()) / HOUR_MS));
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function webhookText(stage: string, d: WebhookDetails, now: Date, sent: boolean): AlertText {
  const link = { href: "/admin/webhooks", label: "See the deliveries" };
  if (stage === "disabled") {
    const why =
      d.disabledBecause === "gone"
        ? "the app's webhook address answered 410 Gone"
        : `deliveries kept failing for more than 24 hours (since ${formatTime(d.since)})`;
    return {
      title: "The platform disabled the webhook endpoint",
      body:
        `The platform stopped sending events to this app because ${why}. Last problem: ${d.lastProblem}. ` +
        "Fix the webhook address, then re-enable the endpoint in the platform's API dashboard. Until then, " +
        "reconciliation fetches the clinic's events on its schedule, so nothing is lost, only late.",
      link,
    };
  }
  const left = hoursLeft(d.deadline, now);
  const when =
    left > 0
      ? `at ${formatTime(d.deadline)}, ${plural(left, "hour")} ${sent ? "after this was sent" : "from now"}`
      : `at its next failed delivery: the 24 hours ran out at ${formatTime(d.deadline)}`;
  return {
    title: "Webhook deliveries are failing",
    body:
      `The platform has not been able to deliver events to this app since ${formatTime(d.since)} ` +
      `(${plural(d.failedAttempts, "failed attempt")}; last problem: ${d.lastProblem}). ` +
      `If they keep failing, the platform disables the webhook endpoint ${when}. ` +
      "Check that the app is reachable at its webhook address and answers with the challenge token.",
    link,
  };
}

/**
 * The title, body and link of an alert. `now` is when it is read (hours left change); `sent` words
 * it for a message read later than it is written (an email).
 */
export function alertText(kind: string, stage: string, details: unknown, now = new Date(), sent = false): AlertText {
  switch (kind) {
    case "webhook_deliveries": {
      const d = WebhookDetailsSchema.safeParse(details);
      if (d.success) return webhookText(stage, d.data, now, sent);
      break;
    }
    case "connection_broken": {
      const d = ConnectionDetailsSchema.safeParse(details);
      if (d.success && d.data.userId === null)
        return {
          title: "The clinic's platform connection has to be replaced",
          body:
            `The platform no longer accepts the clinic's connection${d.data.reason ? ` (${d.data.reason})` : ""}, ` +
            "so the app cannot act for anyone. An admin replaces it by signing in with the platform again.",
          link: { href: "/admin/accounts", label: "Replace the clinic token" },
        };
      if (d.success)
        return {
          title: `${d.data.person} has to sign in again`,
          body:
            `The platform no longer accepts ${d.data.person}'s connection${d.data.reason ? ` (${d.data.reason})` : ""}, ` +
            "so the app cannot act for them. Send them the sign-in link; signing in with the platform mends it.",
          link: { href: d.data.signInUrl, label: "Sign-in link to send them" },
        };
      break;
    }
    case "clinic_key_revoked": {
      const d = ClinicKeyDetailsSchema.safeParse(details);
      if (d.success)
        return {
          title: "The clinic revoked the clinic key",
          body:
            `Since ${formatTime(d.data.revokedAt)} the integration is no longer activated: the platform sends no ` +
            "webhooks for this clinic. Ask the clinic for a new key and enter it on the Clinic key page.",
          link: { href: "/admin/clinic-key", label: "Enter the new key" },
        };
      break;
    }
    case "missed_events": {
      const d = MissedDetailsSchema.safeParse(details);
      if (d.success) {
        const types = Object.entries(d.data.byType)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([type, n]) => `${type} (${n})`)
          .join(", ");
        return {
          title: `Reconciliation found ${plural(d.data.count, "event")} the webhooks missed`,
          body:
            `The platform's event lists held ${plural(d.data.count, "event")} that never arrived by webhook: ${types}. ` +
            "They are stored now. If this keeps happening, check the webhook deliveries; without an activated clinic key " +
            "the platform sends no webhooks at all.",
          link: { href: "/admin/webhooks", label: "See the gaps" },
        };
      }
      break;
    }
  }
  return {
    title: "An alert of an unknown kind",
    body: "Open the admin console to see the platform connection.",
    link: null,
  };
}
