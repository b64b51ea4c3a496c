// `create NAME`: the SQL that takes the migration history to schema.prisma, written as a new
// `<timestamp>_<name>/migration.sql`. The engine replays the history into a temporary shadow
// database and diffs it with the schema. (Its own createMigration cannot run on a driver adapter:
// the Wasm PostgreSQL connector refuses a shadow database it does not create itself.)
// Data-loss warnings come from the engine's destructive-change checker, asked about the real
// database through a read-only connection; that only means something when the database is at the
// head of the history, so it is skipped (and said so) otherwise.
import { ReadOnlyRefusal } from "./adapter";
import { noFilters } from "./engine";
import {
  DEFAULT_MIGRATIONS_DIR,
  DEFAULT_SCHEMA_PATH,
  migrationList,
  nextMigrationPrefix,
  writeMigration,
} from "./files";
import { withEngine, type EngineSession } from "./session";
import { migrationStatus } from "./status";
import { parseTarget } from "./target";

export type CreateOptions = {
  databaseUrl?: string;
  migrationsDir?: string;
  schemaPath?: string;
  log?: (line: string) => void;
};

export type CreateResult = {
  /** The new migration.sql, or null when the schema needs no change. */
  file: string | null;
  name: string | null;
  warnings: string[];
  unexecutable: string[];
};

/** Folder-safe name, as Prisma slugs it: `Add users.email` → `add_users_email`. */
export function slugName(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 200);
  if (!slug) throw new Error(`"${name}" is not a usable migration name`);
  return slug;
}

export async function createMigration(name: string, options: CreateOptions = {}): Promise<CreateResult> {
  const log = options.log ?? (() => {});
  const dir = options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR;
  const slug = slugName(name);
  const main = options.databaseUrl ? parseTarget(options.databaseUrl) : undefined;
  return withEngine(main, options.schemaPath ?? DEFAULT_SCHEMA_PATH, async (session) => {
    const diff = await session.engine.diff({
      from: { tag: "migrations", ...migrationList(dir) },
      to: { tag: "schemaDatamodel", files: [session.schema] },
      script: true,
      exitCode: true,
      filters: noFilters,
    });
    if (diff.exitCode === 0 || !diff.stdout) {
      log("No schema changes: schema.prisma matches the migrations. Nothing created.");
      return { file: null, name: null, warnings: [], unexecutable: [] };
    }
    const feedback = options.databaseUrl ? await dataLoss(session, options.databaseUrl, dir, log) : noFeedback(log);
    const folderName = `${nextMigrationPrefix(dir)}_${slug}`;
    const file = writeMigration(dir, folderName, warningHeader(feedback) + diff.stdout);
    for (const line of [...feedback.warnings, ...feedback.unexecutable]) log(`⚠ ${line}`);
    log(`Created ${file}`);
    return { file, name: folderName, ...feedback };
  });
}

type Feedback = { warnings: string[]; unexecutable: string[] };

function noFeedback(log: (line: string) => void): Feedback {
  log("Data-loss check skipped: no DATABASE_URL to look at.");
  return { warnings: [], unexecutable: [] };
}

async function dataLoss(session: EngineSession, url: string, dir: string, log: (l: string) => void) {
  const status = await migrationStatus(url, dir);
  if (!status.upToDate) {
    log("Data-loss check skipped: the database is not at the head of the migrations (run deploy first).");
    return { warnings: [], unexecutable: [] };
  }
  try {
    // force: false never applies anything when there is a warning; when there is none it tries to,
    // and the read-only connection refuses: that refusal means "no warnings".
    const push = await session.engine.schemaPush({
      force: false,
      schema: { files: [session.schema] },
      filters: noFilters,
    });
    return { warnings: push.warnings, unexecutable: push.unexecutable };
  } catch (error) {
    if (ReadOnlyRefusal.matches(error)) return { warnings: [], unexecutable: [] };
    throw error;
  }
}

/** The comment block Prisma puts at the top of a migration with warnings. */
function warningHeader({ warnings, unexecutable }: Feedback): string {
  const items = [...unexecutable, ...warnings];
  if (!items.length) return "";
  return `/*\n  Warnings:\n\n${items.map((item) => `  - ${item}`).join("\n")}\n\n*/\n`;
}
