// The alerts as admins see them: the count for the header, the open ones with their words and who
// acknowledged them, the recently resolved, and acknowledging one. Always one clinic's: the clinic
// comes from the signed-in admin.
import "server-only";
import { db } from "@/lib/db";
import type { Actor } from "@/lib/auth";
import { actorLabelOf, recordAudit } from "@/lib/audit/record";
import { translatorFor } from "@/lib/i18n/translator";
import { alertText, type AlertText, type Reading } from "@/lib/alerts/kinds";
import { clinicTimeZone } from "@/lib/admin/clinic-settings";

export interface AlertView extends AlertText {
  id: string;
  kind: string;
  stage: string;
  openedAt: string;
  stageChangedAt: string;
  resolvedAt: string | null;
  acknowledged: { at: string; by: string } | null;
  emailProblem: string | null;
  emailed: boolean;
}

/** Open alerts nobody has acknowledged yet: the header's number. */
export function alertCount(clinicId: string): Promise<number> {
  return db.alert.count({ where: { clinicId, resolvedAt: null, acknowledgedAt: null } });
}

/** `reading`: in whose words (the page's translator and time locale); English when not said. */
export async function listAlerts(
  clinicId: string,
  reading: Omit<Reading, "now"> = { say: translatorFor("en") },
  now = new Date(),
): Promise<{ open: AlertView[]; resolved: AlertView[] }> {
  const [open, resolved, timeZone] = await Promise.all([
    db.alert.findMany({ where: { clinicId, resolvedAt: null }, orderBy: { stageChangedAt: "desc" } }),
    db.alert.findMany({ where: { clinicId, resolvedAt: { not: null } }, orderBy: { resolvedAt: "desc" }, take: 20 }),
    clinicTimeZone(clinicId),
  ]);
  const ackers = new Map(
    (
      await db.user.findMany({
        where: { clinicId, id: { in: [...open, ...resolved].flatMap((a) => a.acknowledgedById ?? []) } },
        select: { id: true, name: true, platformUserId: true, platformUserType: true },
      })
    ).map((u) => [u.id, actorLabelOf(u)]),
  );
  const view = (a: (typeof open)[number]): AlertView => ({
    id: a.id,
    kind: a.kind,
    stage: a.stage,
    ...alertText(a.kind, a.stage, a.details, { ...reading, now, timeZone, resolved: a.resolvedAt !== null }),
    openedAt: a.openedAt.toISOString(),
    stageChangedAt: a.stageChangedAt.toISOString(),
    resolvedAt: a.resolvedAt?.toISOString() ?? null,
    acknowledged:
      a.acknowledgedAt && a.acknowledgedById
        ? {
            at: a.acknowledgedAt.toISOString(),
            by: ackers.get(a.acknowledgedById) ?? reading.say("alerts.formerAdmin"),
          }
        : null,
    emailProblem: a.emailProblem,
    emailed: a.emailedStage === a.stage,
  });
  return { open: open.map(view), resolved: resolved.map(view) };
}

/** Marks an open alert of the actor's clinic as seen; false when there is no such open alert. */
export async function acknowledgeAlert(actor: Actor, alertId: string): Promise<boolean> {
  const alert = await db.alert.findFirst({ where: { id: alertId, clinicId: actor.clinicId, resolvedAt: null } });
  if (!alert) return false;
  if (alert.acknowledgedAt) return true;
  const { count } = await db.alert.updateMany({
    where: { id: alert.id, acknowledgedAt: null },
    data: { acknowledgedAt: new Date(), acknowledgedById: actor.userId },
  });
  if (count === 1)
    await recordAudit({
      clinicId: actor.clinicId,
      actorUserId: actor.userId,
      action: "alert.acknowledged",
      target: { type: "alert", id: alert.id },
      // The audit trail is a record, kept in one language.
      details: {
        kind: alert.kind,
        stage: alert.stage,
        title: alertText(alert.kind, alert.stage, alert.details, { say: translatorFor("en") }).title,
      },
    });
  return true;
}
