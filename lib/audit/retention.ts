// How long the audit trail is kept (AUDIT_RETENTION_DAYS, six years by default; 0 keeps everything).
// Entries older than that are deleted a clinic at a time under the clinic's audit lock, and the
// removal is itself appended to the chain ("audit.entries_removed", naming the last entry removed
// and its hash), so the chain still verifies from its new first entry and nobody can remove the
// oldest entries unnoticed. Before deleting, it writes a "removal" anchor naming that last entry
// (audit_anchors): the database's trigger deletes only entries such an anchor covers and that are
// past 365 days, so no session can cut the chain's newest entries this way (see the migration
// audit_anchors).
import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { appendLocked, chainHead, lockClinicTrail } from "@/lib/audit/record";

const DAY_MS = 86_400_000;

/** Returns how many entries were removed, across clinics. */
export async function applyAuditRetention(client: PrismaClient, days: number, now = new Date()): Promise<number> {
  if (days === 0) return 0;
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const clinics = await client.auditEntry.findMany({
    where: { at: { lt: cutoff } },
    distinct: ["clinicId"],
    select: { clinicId: true },
  });
  let removed = 0;
  for (const { clinicId } of clinics) {
    removed += await client.$transaction(
      async (tx) => {
        // A year of a clinic's trail may go at once: the pool's statement bound is not for this.
        await tx.$executeRaw`SET LOCAL statement_timeout = 0`;
        await lockClinicTrail(tx, clinicId);
        const through = await tx.auditEntry.findFirst({
          where: { clinicId, at: { lt: cutoff } },
          orderBy: { seq: "desc" },
          select: { seq: true, hash: true },
        });
        if (!through) return 0;
        const head = await chainHead(tx, clinicId);
        // The append-only trigger deletes what a removal anchor covers, and nothing else.
        await tx.auditAnchor.create({ data: { clinicId, kind: "removal", seq: through.seq, hash: through.hash } });
        const { count } = await tx.auditEntry.deleteMany({ where: { clinicId, seq: { lte: through.seq } } });
        await appendLocked(
          tx,
          {
            clinicId,
            actorUserId: null,
            action: "audit.entries_removed",
            details: {
              throughSeq: through.seq,
              throughHash: through.hash,
              removed: count,
              olderThan: cutoff.toISOString(),
              retentionDays: days,
            },
          },
          new Date(),
          head,
        );
        return count;
      },
      { maxWait: 30_000, timeout: 120_000 },
    );
  }
  return removed;
}
