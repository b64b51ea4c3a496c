// `status`: the folder against `_prisma_migrations` (read-only), and `resolve --rolled-back`, the
// one write a person needs after a failed deploy (same effect as `prisma migrate resolve`).
import { DEFAULT_MIGRATIONS_DIR, readMigrations } from "./files";
import { compareHistory, MIGRATIONS_TABLE, readHistory, type HistoryReport } from "./history";
import { connectClient, parseTarget } from "./target";

export type StatusReport = HistoryReport & { upToDate: boolean };

export async function migrationStatus(
  databaseUrl: string,
  migrationsDir = DEFAULT_MIGRATIONS_DIR,
): Promise<StatusReport> {
  const folder = readMigrations(migrationsDir);
  const client = await connectClient(parseTarget(databaseUrl));
  try {
    const report = compareHistory(folder, await readHistory(client));
    const upToDate =
      report.pending.length + report.failed.length + report.edited.length + report.missingLocally.length === 0;
    return { ...report, upToDate };
  } finally {
    await client.end();
  }
}

export function formatStatus(report: StatusReport): string {
  const section = (title: string, names: string[]) =>
    names.length ? [`${title} (${names.length}):`, ...names.map((name) => `  ${name}`)] : [];
  const lines = [
    ...(report.hasTable ? [] : [`No ${MIGRATIONS_TABLE} table: nothing has been applied to this database yet.`]),
    ...section("Applied", report.applied),
    ...section("Pending", report.pending),
    ...section(
      "Failed",
      report.failed.map((f) => `${f.name}\n${(f.logs ?? "(no logs)").replace(/^/gm, "      ")}`),
    ),
    ...section("Modified after being applied", report.edited),
    ...section("Applied but missing from the migrations folder", report.missingLocally),
  ];
  lines.push(report.upToDate ? "Database schema is up to date." : "Database is NOT up to date.");
  return lines.join("\n");
}

/** Mark a failed migration as rolled back so that deploy can apply it (fixed) again. */
export async function resolveRolledBack(databaseUrl: string, migrationName: string): Promise<void> {
  const client = await connectClient(parseTarget(databaseUrl));
  try {
    const result = await client.query(
      `UPDATE ${MIGRATIONS_TABLE} SET rolled_back_at = now()
        WHERE migration_name = $1 AND finished_at IS NULL AND rolled_back_at IS NULL`,
      [migrationName],
    );
    if (result.rowCount === 0) throw new Error(`Migration ${migrationName} is not in a failed state.`);
  } finally {
    await client.end();
  }
}
