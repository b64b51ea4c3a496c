// "Nothing stored or changed": a digest of every row of the app's tables (and of the job queue's,
// once pg-boss made them), taken before and after a hostile request. Any insert, update or delete
// changes it.
import pg from "pg";

const TABLES = [
  "events",
  "webhook_receipts",
  "event_daily_counts",
  "clinics",
  "users",
  "platform_connections",
  "reconciliation_runs",
  "reconciliation_cursors",
  "pgboss.job",
];

export async function databaseFingerprint(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out: Record<string, string> = {};
    for (const table of TABLES) {
      const exists = (await client.query<{ r: string | null }>("SELECT to_regclass($1) AS r", [table])).rows[0].r;
      if (!exists) continue;
      const row = (
        await client.query<{ n: string; digest: string }>(
          `SELECT count(*) AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ${table} t`,
        )
      ).rows[0];
      out[table] = `${row.n}:${row.digest}`;
    }
    return out;
  } finally {
    await client.end();
  }
}
