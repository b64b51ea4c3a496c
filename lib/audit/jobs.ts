// The audit trail's retention (once a day) and its heads' anchoring (every ten minutes, and after
// retention) on the job queue (lib/queue/queues.ts schedules them), once across app processes.
import "server-only";
import type PgBoss from "pg-boss";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getConfig } from "@/lib/config";
import { QUEUES } from "@/lib/queue/queues";
import { applyAuditRetention } from "@/lib/audit/retention";
import { anchorAuditHeads } from "@/lib/audit/anchor";
import { log } from "@/lib/log/logger";

export async function registerAuditJobs(boss: PgBoss, db: PrismaClient): Promise<void> {
  await boss.work(QUEUES.auditRetention, async () => {
    const removed = await applyAuditRetention(db, getConfig().auditRetentionDays);
    if (removed > 0) log.info("audit: removed entries past the retention period", { removed });
    await anchorAuditHeads(db);
  });
  await boss.work(QUEUES.auditAnchor, async () => {
    await anchorAuditHeads(db);
  });
}
