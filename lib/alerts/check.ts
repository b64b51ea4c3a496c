// One clinic's alert check: every detector looks, their verdicts become alerts (engine.ts), and the
// admins hear about what is new (notify.ts). A detector that cannot look (the platform unreachable,
// nobody connected to read with) leaves its alerts as they are rather than resolving them blind.
import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { FeedForClinic } from "@/lib/events/reconcile/feed";
import type { Mailer } from "@/lib/email/mailer";
import { applyVerdict } from "@/lib/alerts/engine";
import type { Verdict } from "@/lib/alerts/finding";
import { notifyAdmins } from "@/lib/alerts/notify";
import { revokedClinicKey } from "@/lib/alerts/detect/clinic-key";
import { brokenConnections } from "@/lib/alerts/detect/connections";
import { missedEvents } from "@/lib/alerts/detect/missed-events";
import { assessDeliveries, recentAttempts, WEBHOOK_ALERT_KEY } from "@/lib/alerts/detect/webhooks";
import { log } from "@/lib/log/logger";

export interface AlertCheckDeps {
  db: PrismaClient;
  feedForClinic: FeedForClinic;
  mailer: Mailer | null;
  appUrl: string;
  now?: () => Date;
  /** How long an event may be on its way by webhook before reconciliation finding it counts as missed. */
  inFlightMs?: number;
}

async function webhookDeliveries(deps: AlertCheckDeps, clinicId: string): Promise<Verdict | null> {
  try {
    const feed = await deps.feedForClinic(clinicId);
    if (!feed) return null;
    const finding = assessDeliveries(await recentAttempts(feed, clinicId));
    return { owns: (key) => key === WEBHOOK_ALERT_KEY, findings: finding ? [finding] : [] };
  } catch (error) {
    log.error(`alerts: the delivery log could not be read: ${error instanceof Error ? error.name : typeof error}`, {
      clinicId,
    });
    return null;
  }
}

export async function checkClinicAlerts(deps: AlertCheckDeps, clinicId: string): Promise<void> {
  const now = deps.now ?? (() => new Date());
  const verdicts = await Promise.all([
    brokenConnections(deps.db, clinicId, deps.appUrl),
    revokedClinicKey(deps.db, clinicId),
    missedEvents(deps.db, clinicId, deps.inFlightMs),
    webhookDeliveries(deps, clinicId),
  ]);
  for (const verdict of verdicts) if (verdict) await applyVerdict(deps.db, clinicId, verdict, now());
  await notifyAdmins(clinicId, { db: deps.db, mailer: deps.mailer, appUrl: deps.appUrl, now: now() });
}
