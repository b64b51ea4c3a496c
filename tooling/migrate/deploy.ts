// `deploy`: apply pending migrations. Our own small runner, not the wasm engine's applyMigrations,
// because the engine sends each script through the adapter's executeScript, one statement at a
// time with no transaction (adapter-pg bug 1): a failure halfway leaves half a migration behind.
// Here each migration.sql goes to PostgreSQL as ONE script inside ONE transaction, together with
// the row that marks it finished; the bookkeeping is Prisma's own (history.ts, lock.ts).
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { DEFAULT_MIGRATIONS_DIR, readMigrations, type MigrationFolder } from "./files";
import { compareHistory, ensureHistoryTable, MIGRATIONS_TABLE, readHistory } from "./history";
import { withAdvisoryLock } from "./lock";
import { connectClient, parseTarget } from "./target";

export type DeployOptions = {
  migrationsDir?: string;
  lockTimeoutMs?: number;
  log?: (line: string) => void;
};

export type DeployResult = { applied: string[]; warnings: string[] };

export class MigrationFailedError extends Error {
  constructor(
    readonly migrationName: string,
    readonly logs: string,
  ) {
    super(
      `Migration ${migrationName} failed and was rolled back whole (nothing of it is left in the database).\n` +
        `${logs}\nIt is recorded as failed in ${MIGRATIONS_TABLE}; fix the migration, then run ` +
        `\`resolve --rolled-back ${migrationName}\` (or \`prisma migrate resolve --rolled-back\`) and deploy again.`,
    );
    this.name = "MigrationFailedError";
  }
}

export async function deployMigrations(databaseUrl: string, options: DeployOptions = {}): Promise<DeployResult> {
  const log = options.log ?? (() => {});
  const folder = readMigrations(options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR);
  const client = await connectClient(parseTarget(databaseUrl));
  try {
    return await withAdvisoryLock(client, options.lockTimeoutMs ?? 60_000, async () => {
      await ensureHistoryTable(client);
      const report = compareHistory(folder, await readHistory(client));
      const first = report.failed[0];
      if (first) {
        throw new Error(
          `Migration ${first.name} failed earlier and is recorded as failed; nothing new is applied until it is ` +
            `resolved (\`resolve --rolled-back ${first.name}\` once fixed).\n${first.logs ?? ""}`,
        );
      }
      const warnings = [
        ...report.edited.map((name) => `Migration ${name} was modified after it was applied.`),
        ...report.missingLocally.map((name) => `Migration ${name} is applied but not in the migrations folder.`),
      ];
      warnings.forEach((warning) => log(`warning: ${warning}`));
      const applied: string[] = [];
      for (const migration of folder.filter((m) => report.pending.includes(m.name))) {
        await applyOne(client, migration);
        log(`applied ${migration.name}`);
        applied.push(migration.name);
      }
      return { applied, warnings };
    });
  } finally {
    await client.end();
  }
}

async function applyOne(client: pg.Client, migration: MigrationFolder): Promise<void> {
  // The row is written first, outside the transaction, as Prisma does: a crash or a failure leaves
  // a "started, not finished" row, which every tool reads as a failed migration.
  const id = randomUUID();
  await client.query(
    `INSERT INTO ${MIGRATIONS_TABLE} (id, checksum, migration_name, started_at, applied_steps_count)
     VALUES ($1, $2, $3, now(), 0)`,
    [id, migration.checksum, migration.name],
  );
  try {
    await client.query("BEGIN");
    // No parameters: pg sends it with the simple query protocol, so one script of many statements.
    await client.query(migration.script);
    await client.query(
      `UPDATE ${MIGRATIONS_TABLE} SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1`,
      [id],
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    const logs = describeDatabaseError(error);
    await client.query(`UPDATE ${MIGRATIONS_TABLE} SET logs = $2 WHERE id = $1`, [id, logs]);
    throw new MigrationFailedError(migration.name, logs);
  }
}

/** Close to what Prisma writes in `logs`: the code, the message, and where it happened. */
export function describeDatabaseError(error: unknown): string {
  const e = error as Partial<pg.DatabaseError>;
  const lines = [`Database error code: ${e.code ?? "unknown"}`, "", "Database error:"];
  lines.push(`${e.severity ?? "ERROR"}: ${e.message ?? String(error)}`);
  if (e.detail) lines.push(`DETAIL: ${e.detail}`);
  if (e.hint) lines.push(`HINT: ${e.hint}`);
  if (e.position) lines.push(`POSITION: ${e.position}`);
  if (e.where) lines.push(`WHERE: ${e.where}`);
  return lines.join("\n");
}
