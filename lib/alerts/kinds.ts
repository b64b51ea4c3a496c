// What each alert says, in words an admin can act on, from its kind, stage and details, in the
// reader's language (the catalogs' `alerts.text.*`). Shared by the alerts page, the header's count
// and the email (server and browser; no server-only imports). The
// details are written by the detectors (detect/) and parsed here, never trusted blindly.
import { formatTime } from "@/lib/format/time";
import { stateReasonText } from "@/lib/auth/state-reason";
import { z } from "zod";
import type { Say } from "@/lib/i18n/say";

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

/** How an alert is being read: in whose words and time format, at what moment, and whether later (an email). */
export interface Reading {
  say: Say;
  /** A locale for times (lib/format/time.ts); the formatter's default when absent. */
  locale?: string;
  /** The clinic's zone, which times are written in; UTC when absent. */
  timeZone?: string;
  now?: Date;
  /** Worded for a message read later than it is written (an email). */
  sent?: boolean;
  /** The alert is over: told in the past, with no countdown to a deadline that no longer applies. */
  resolved?: boolean;
}

function webhookText(stage: string, d: WebhookDetails, r: Reading): AlertText {
  const { say } = r;
  const at = (iso: string) => formatTime(iso, { timeZone: r.timeZone ?? "UTC", ...(r.locale && { locale: r.locale }) });
  const link = { href: "/admin/webhooks", label: say("alerts.text.seeDeliveries") };
  if (stage === "disabled")
    return {
      title: say("alerts.text.disabledTitle"),
      body: say("alerts.text.disabledBody", {
        why: d.disabledBecause === "gone" ? "gone" : "failing",
        since: at(d.since),
        problem: d.lastProblem,
      }),
      link,
    };
  if (r.resolved)
    return {
      title: say("alerts.text.failingTitle"),
      body: say("alerts.text.failingBodyResolved", {
        since: at(d.since),
        attempts: d.failedAttempts,
        problem: d.lastProblem,
      }),
      link,
    };
  const left = hoursLeft(d.deadline, r.now ?? new Date());
  return {
    title: say("alerts.text.failingTitle"),
    body: say("alerts.text.failingBody", {
      since: at(d.since),
      attempts: d.failedAttempts,
      problem: d.lastProblem,
      deadline: at(d.deadline),
      left,
      sent: r.sent ? "yes" : "no",
    }),
    link,
  };
}

/** The title, body and link of an alert, as `reading` says it (hours left change with `now`). */
export function alertText(kind: string, stage: string, details: unknown, reading: Reading): AlertText {
  const { say } = reading;
  const at = (iso: string) =>
    formatTime(iso, { timeZone: reading.timeZone ?? "UTC", ...(reading.locale && { locale: reading.locale }) });
  switch (kind) {
    case "webhook_deliveries": {
      const d = WebhookDetailsSchema.safeParse(details);
      if (d.success) return webhookText(stage, d.data, reading);
      break;
    }
    case "connection_broken": {
      const d = ConnectionDetailsSchema.safeParse(details);
      const reason = d.success && d.data.reason ? stateReasonText(say, d.data.reason) : "";
      if (d.success && d.data.userId === null)
        return {
          title: say("alerts.text.clinicConnectionTitle"),
          body: say("alerts.text.clinicConnectionBody", { reason, hasReason: reason ? "yes" : "no" }),
          link: { href: "/admin/accounts", label: say("alerts.text.replaceToken") },
        };
      if (d.success)
        return {
          title: say("alerts.text.personTitle", { person: d.data.person }),
          body: say("alerts.text.personBody", { person: d.data.person, reason, hasReason: reason ? "yes" : "no" }),
          link: { href: d.data.signInUrl, label: say("alerts.text.signInLink") },
        };
      break;
    }
    case "clinic_key_revoked": {
      const d = ClinicKeyDetailsSchema.safeParse(details);
      if (d.success)
        return {
          title: say("alerts.text.keyTitle"),
          body: say("alerts.text.keyBody", { since: at(d.data.revokedAt) }),
          link: { href: "/admin/clinic-key", label: say("alerts.text.enterKey") },
        };
      break;
    }
    case "missed_events": {
      const d = MissedDetailsSchema.safeParse(details);
      if (d.success) {
        const types = Object.entries(d.data.byType)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([type, n]) => say("alerts.text.typeCount", { type, count: n }))
          .join(", ");
        return {
          title: say("alerts.text.missedTitle", { count: d.data.count }),
          body: say("alerts.text.missedBody", { count: d.data.count, types }),
          link: { href: "/admin/webhooks", label: say("alerts.text.seeGaps") },
        };
      }
      break;
    }
  }
  return { title: say("alerts.text.unknownTitle"), body: say("alerts.text.unknownBody"), link: null };
}
