// `check`: is the migrations folder complete, and (given a database) does the database match it?
// 1. schema.prisma vs the migration history replayed in a shadow database: a difference is a
//    schema change no migration covers (someone forgot `create`). Needs no database of ours.
// 2. With a database: the live schema vs the migrations APPLIED to it (pending ones are not drift,
//    `status` reports them); plus failed, edited, or unknown migrations in its history.
import { noFilters } from "./engine";
import { DEFAULT_MIGRATIONS_DIR, DEFAULT_SCHEMA_PATH, migrationList } from "./files";
import { withEngine } from "./session";
import { migrationStatus, type StatusReport } from "./status";
import { parseTarget } from "./target";

export type CheckOptions = {
  databaseUrl?: string;
  migrationsDir?: string;
  schemaPath?: string;
};

export type CheckResult = {
  ok: boolean;
  /** Summary of what schema.prisma has that the migrations do not, or null. */
  uncovered: string | null;
  /** Summary of how the database differs from its applied migrations, or null (or no database). */
  drift: string | null;
  status: StatusReport | null;
  problems: string[];
};

export async function checkMigrations(options: CheckOptions = {}): Promise<CheckResult> {
  const dir = options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR;
  const url = options.databaseUrl;
  const status = url ? await migrationStatus(url, dir) : null;
  const main = url ? parseTarget(url) : undefined;
  return withEngine(main, options.schemaPath ?? DEFAULT_SCHEMA_PATH, async ({ engine, schema, configDir }) => {
    const covered = await engine.diff({
      from: { tag: "migrations", ...migrationList(dir) },
      to: { tag: "schemaDatamodel", files: [schema] },
      script: false,
      exitCode: true,
      filters: noFilters,
    });
    const uncovered = covered.exitCode === 0 ? null : (covered.stdout ?? "").trim();
    let drift: string | null = null;
    if (status) {
      const live = await engine.diff({
        from: { tag: "migrations", ...migrationList(dir, new Set(status.applied)) },
        to: { tag: "schemaDatasource", files: [schema], configDir },
        script: false,
        exitCode: true,
        filters: noFilters,
      });
      drift = live.exitCode === 0 ? null : (live.stdout ?? "").trim();
    }
    const problems = [
      ...(uncovered ? ["schema.prisma has changes that no migration covers (run `create <name>`)"] : []),
      ...(drift ? ["the database drifted from its applied migrations"] : []),
      ...(status?.failed.map((f) => `migration ${f.name} is recorded as failed`) ?? []),
      ...(status?.edited.map((name) => `migration ${name} was modified after it was applied`) ?? []),
      ...(status?.missingLocally.map((name) => `migration ${name} is applied but missing locally`) ?? []),
    ];
    return { ok: problems.length === 0, uncovered, drift, status, problems };
  });
}
