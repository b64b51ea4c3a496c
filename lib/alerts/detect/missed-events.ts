// Events the webhooks missed, as the latest reconciliation found them: stored by reconciliation more
// than a minute after the platform created them (a younger one may simply be on its way by webhook),
// and created after the clinic's first reconciliation began (that one fills history from before the
// app listened). The incident lasts while runs keep finding such events, adding up what each found;
// a run that finds none resolves it.
import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Verdict } from "@/lib/alerts/finding";
import { MissedDetailsSchema, type MissedDetails } from "@/lib/alerts/kinds";

export const MISSED_ALERT_KEY = "missed_events";
/** How long after its creation an event may still be on its way by webhook. */
export const IN_FLIGHT_MS = 60_000;
const KEEP_RUN_IDS = 20;

export async function missedEvents(
  db: PrismaClient,
  clinicId: string,
  inFlightMs = IN_FLIGHT_MS,
): Promise<Verdict | null> {
  const owns = (key: string) => key === MISSED_ALERT_KEY;
  const succeeded = { clinicId, status: "succeeded" as const, startedAt: { not: null } };
  const [first, latest] = await Promise.all([
    db.reconciliationRun.findFirst({ where: succeeded, orderBy: { startedAt: "asc" } }),
    db.reconciliationRun.findFirst({ where: succeeded, orderBy: { startedAt: "desc" } }),
  ]);
  // No run yet, or only the first: nothing to judge, and nothing to resolve either.
  if (!first?.startedAt || !latest?.startedAt || !latest.finishedAt || latest.id === first.id) return null;

  const open = await db.alert.findUnique({ where: { clinicId_openKey: { clinicId, openKey: MISSED_ALERT_KEY } } });
  const previous = open ? MissedDetailsSchema.safeParse(open.details) : null;
  if (previous?.success && previous.data.runIds.includes(latest.id)) {
    // Already counted: the incident stands as it is.
    return {
      owns,
      findings: [{ key: MISSED_ALERT_KEY, kind: "missed_events", stage: "open", details: previous.data }],
    };
  }

  const stored = await db.event.findMany({
    where: {
      clinicId,
      source: "reconciliation",
      receivedAt: { gte: latest.startedAt, lte: latest.finishedAt },
      createdAt: { gte: first.startedAt },
    },
    select: { type: true, createdAt: true, receivedAt: true },
  });
  const missed = stored.filter((e) => e.receivedAt.getTime() - e.createdAt.getTime() > inFlightMs);
  if (missed.length === 0) return { owns, findings: [] };

  const base: MissedDetails = previous?.success
    ? previous.data
    : { count: 0, byType: {}, runIds: [], lastRunAt: latest.startedAt.toISOString() };
  const byType = { ...base.byType };
  for (const e of missed) byType[e.type] = (byType[e.type] ?? 0) + 1;
  const details: MissedDetails = {
    count: base.count + missed.length,
    byType,
    runIds: [...base.runIds, latest.id].slice(-KEEP_RUN_IDS),
    lastRunAt: latest.startedAt.toISOString(),
  };
  return { owns, findings: [{ key: MISSED_ALERT_KEY, kind: "missed_events", stage: "open", details }] };
}
