// The gauges read from the database, filled when Prometheus scrapes (not on a timer: a process nobody
// scrapes does no work for them). One set of small queries, bounded by METRICS_DB_TIMEOUT_MS; past
// the bound the gauges keep their last values and clinic_connect_metrics_database_ok says 0.
import type { Pool } from "pg";
import { metrics } from "@/lib/metrics/registry";
import { log } from "@/lib/log/logger";
import { getConfig } from "@/lib/config";
import { SHARES } from "@/lib/limits/platform-quota";

export const DB_READ_TIMEOUT_MS = 2_000;

type Row = Record<string, string | number | null>;

async function read(pool: Pool): Promise<void> {
  const m = metrics();
  const q = async (sql: string) => (await pool.query<Row>(sql)).rows;
  const [backlog, queues, runs, since, quota, alerts] = await Promise.all([
    q(
      "SELECT count(*)::int AS n, COALESCE(EXTRACT(EPOCH FROM now() - min(received_at)), 0)::float AS age FROM event_backlog",
    ),
    // pg-boss makes its schema when the first process starts its queue: none yet, no queues.
    q("SELECT name, count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry') GROUP BY name").catch(
      () => [],
    ),
    q(`SELECT status::text AS outcome, count(*)::int AS n FROM reconciliation_runs
       WHERE status IN ('queued', 'running') OR finished_at > now() - interval '24 hours' GROUP BY status`),
    q(`SELECT c.clinic_id AS clinic,
         COALESCE(EXTRACT(EPOCH FROM now() - max(r.finished_at)), -1)::float AS age
       FROM (SELECT DISTINCT clinic_id FROM platform_connections WHERE state = 'connected') c
       LEFT JOIN reconciliation_runs r ON r.clinic_id = c.clinic_id AND r.status = 'succeeded'
       GROUP BY c.clinic_id`),
    q(`SELECT split_part(key, ':', 1) AS share, max(points)::int AS used FROM platform_quota
       WHERE expire IS NULL OR expire > (EXTRACT(EPOCH FROM now()) * 1000) GROUP BY 1`),
    q("SELECT kind, count(*)::int AS n FROM alerts WHERE resolved_at IS NULL GROUP BY kind"),
  ]);
  m.backlog.set(Number(backlog[0]?.n ?? 0));
  m.backlogOldest.set(Number(backlog[0]?.age ?? 0));
  m.queueDepth.reset();
  for (const row of queues) m.queueDepth.set({ queue: String(row.name) }, Number(row.n));
  m.reconcileRuns.reset();
  for (const outcome of ["succeeded", "failed", "queued", "running"]) m.reconcileRuns.set({ outcome }, 0);
  for (const row of runs) m.reconcileRuns.set({ outcome: String(row.outcome) }, Number(row.n));
  m.sinceReconciled.reset();
  for (const row of since) m.sinceReconciled.set({ clinic: String(row.clinic) }, Number(row.age));
  m.quotaUsed.reset();
  for (const row of quota) {
    const share = String(row.share);
    const points = quotaPoints(share);
    if (points > 0) m.quotaUsed.set({ share }, Number(row.used) / points);
  }
  m.alertsOpen.reset();
  for (const row of alerts) m.alertsOpen.set({ kind: String(row.kind) }, Number(row.n));
}

/** The points of one key of a share in a window (as lib/limits/platform-quota.ts sizes them). */
function quotaPoints(share: string): number {
  const ratio = share === "app" ? 1 : SHARES[share as keyof typeof SHARES];
  return ratio ? Math.max(1, Math.floor(getConfig().platformRateLimit.points * ratio)) : 0;
}

/** Fills the database gauges and the pool's, within `timeoutMs`; never throws. */
export async function collectDatabaseGauges(pool: Pool, timeoutMs = DB_READ_TIMEOUT_MS): Promise<void> {
  const m = metrics();
  m.poolInUse.set(pool.totalCount - pool.idleCount);
  m.poolWaiting.set(pool.waitingCount);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const ok = await Promise.race([
    read(pool).then(
      () => true,
      (error: unknown) => {
        log.warn("metrics: database gauges not read", { err: error });
        return false;
      },
    ),
    late,
  ]);
  clearTimeout(timer);
  m.scrapeDbOk.set(ok ? 1 : 0);
}
