// Turning detectors' verdicts into alerts, once per incident: an incident not open yet opens; one
// that moved to a graver stage (failing → disabled) moves and asks for attention again; one whose
// condition cleared resolves, with an audit entry. Each clinic is checked by one job at a time
// (lib/alerts/jobs.ts), and the unique open key stops a second open alert of one incident anyway.
import "server-only";
import { Prisma, type Alert, type PrismaClient } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record";
import type { Finding, Verdict } from "@/lib/alerts/finding";
import { ALERT_STAGES, type AlertKind } from "@/lib/alerts/kinds";

const stageRank = (kind: string, stage: string) => (ALERT_STAGES[kind as AlertKind] ?? []).indexOf(stage);
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

async function open(db: PrismaClient, clinicId: string, f: Finding, now: Date): Promise<void> {
  try {
    await db.alert.create({
      data: {
        clinicId,
        key: f.key,
        openKey: f.key,
        kind: f.kind,
        stage: f.stage,
        details: f.details as Prisma.InputJsonObject,
        openedAt: now,
        stageChangedAt: now,
      },
    });
  } catch (error) {
    // Another process opened it a moment ago: that one is the incident's alert.
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
  }
}

async function update(db: PrismaClient, existing: Alert, f: Finding, now: Date): Promise<void> {
  if (f.stage === existing.stage) {
    if (!sameJson(existing.details, f.details))
      await db.alert.update({ where: { id: existing.id }, data: { details: f.details as Prisma.InputJsonObject } });
    return;
  }
  const graver = stageRank(f.kind, f.stage) > stageRank(existing.kind, existing.stage);
  await db.alert.update({
    where: { id: existing.id },
    data: {
      stage: f.stage,
      stageChangedAt: now,
      details: f.details as Prisma.InputJsonObject,
      // Graver: the admins are told again and it needs acknowledging again. Milder: nothing to tell.
      ...(graver
        ? { acknowledgedAt: null, acknowledgedById: null }
        : { notifiedStage: f.stage, emailedStage: f.stage }),
    },
  });
}

async function resolve(db: PrismaClient, alert: Alert, now: Date): Promise<void> {
  const { count } = await db.alert.updateMany({
    where: { id: alert.id, resolvedAt: null },
    data: { resolvedAt: now, openKey: null },
  });
  if (count === 0) return;
  await recordAudit(
    {
      clinicId: alert.clinicId,
      actorUserId: null,
      action: "alert.resolved",
      target: { type: "alert", id: alert.id },
      details: { kind: alert.kind, stage: alert.stage, openedAt: alert.openedAt.toISOString() },
    },
    db,
  );
}

export async function applyVerdict(
  db: PrismaClient,
  clinicId: string,
  verdict: Verdict,
  now = new Date(),
): Promise<void> {
  const openAlerts = (await db.alert.findMany({ where: { clinicId, resolvedAt: null } })).filter((a) =>
    verdict.owns(a.key),
  );
  for (const finding of verdict.findings) {
    const existing = openAlerts.find((a) => a.key === finding.key);
    if (existing) await update(db, existing, finding, now);
    else await open(db, clinicId, finding, now);
  }
  for (const alert of openAlerts) {
    if (!verdict.findings.some((f) => f.key === alert.key)) await resolve(db, alert, now);
  }
}
