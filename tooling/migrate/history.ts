// Prisma's migration bookkeeping table, `_prisma_migrations`, read and written exactly as Prisma's
// schema engine does (same DDL, same columns, same meaning), so `prisma migrate status|deploy` on a
// connected machine sees our history as its own. A row is:
//   applied      finished_at set, rolled_back_at null
//   failed       finished_at null, rolled_back_at null (logs says why)
//   rolled back  rolled_back_at set: ignored, kept as an audit trail
import type pg from "pg";
import type { MigrationFolder } from "./files";

export const MIGRATIONS_TABLE = "_prisma_migrations";

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
)`;

export type HistoryRow = {
  id: string;
  checksum: string;
  migration_name: string;
  started_at: Date;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  logs: string | null;
};

export async function ensureHistoryTable(client: pg.Client): Promise<void> {
  await client.query(CREATE_TABLE);
}

export async function readHistory(client: pg.Client): Promise<HistoryRow[] | null> {
  const exists = await client.query<{ found: string | null }>(`SELECT to_regclass($1)::text AS found`, [
    MIGRATIONS_TABLE,
  ]);
  if (!exists.rows[0]?.found) return null;
  const result = await client.query<HistoryRow>(
    `SELECT id, checksum, migration_name, started_at, finished_at, rolled_back_at, logs
       FROM ${MIGRATIONS_TABLE} ORDER BY started_at, migration_name`,
  );
  return result.rows;
}

export type HistoryReport = {
  hasTable: boolean;
  applied: string[];
  pending: string[];
  failed: { name: string; logs: string | null }[];
  /** Applied, but the file changed since (checksum differs). */
  edited: string[];
  /** Applied to the database, absent from the folder. */
  missingLocally: string[];
};

/** Compare the folder with the table, the way Prisma's engine does. */
export function compareHistory(folder: MigrationFolder[], rows: HistoryRow[] | null): HistoryReport {
  const live = (rows ?? []).filter((row) => row.rolled_back_at === null);
  const applied = live.filter((row) => row.finished_at !== null);
  const appliedNames = new Set(applied.map((row) => row.migration_name));
  const failed = live.filter((row) => row.finished_at === null);
  const failedNames = new Set(failed.map((row) => row.migration_name));
  const local = new Map(folder.map((migration) => [migration.name, migration]));
  return {
    hasTable: rows !== null,
    applied: folder.filter((m) => appliedNames.has(m.name)).map((m) => m.name),
    pending: folder.filter((m) => !appliedNames.has(m.name) && !failedNames.has(m.name)).map((m) => m.name),
    failed: failed.map((row) => ({ name: row.migration_name, logs: row.logs })),
    edited: applied
      .filter((row) => {
        const file = local.get(row.migration_name);
        return file !== undefined && file.checksum !== row.checksum;
      })
      .map((row) => row.migration_name),
    missingLocally: [...appliedNames].filter((name) => !local.has(name)),
  };
}
