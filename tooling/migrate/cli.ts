// Command line of the offline migration tool: `npx tsx tooling/migrate/cli.ts <command>`.
// Exit codes: 0 done / up to date, 1 failed or not up to date, 2 wrong usage.
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { checkMigrations } from "./check";
import { createMigration } from "./create";
import { deployMigrations } from "./deploy";
import { DEFAULT_MIGRATIONS_DIR, DEFAULT_SCHEMA_PATH } from "./files";
import { formatStatus, migrationStatus, resolveRolledBack } from "./status";

const USAGE = `usage: cli.ts <command> [options]
  create NAME                 new migration from schema.prisma changes (DATABASE_URL optional)
  deploy                      apply pending migrations to DATABASE_URL
  status                      applied / pending / failed migrations of DATABASE_URL
  check [--no-db]             fail on schema changes no migration covers, and on drift of
                              DATABASE_URL when it is set (--no-db: schema only)
  resolve --rolled-back NAME  mark a failed migration rolled back, so deploy can retry it
options: --dir <migrations dir> (${path.relative(".", DEFAULT_MIGRATIONS_DIR)})  --schema <file> (${path.relative(".", DEFAULT_SCHEMA_PATH)})`;

const env = z.object({ DATABASE_URL: z.string().url().optional() }).parse({
  DATABASE_URL: process.env.DATABASE_URL || undefined,
});

class UsageError extends Error {}

function requireUrl(): string {
  if (!env.DATABASE_URL) throw new UsageError("DATABASE_URL is not set");
  return env.DATABASE_URL;
}

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      dir: { type: "string", default: DEFAULT_MIGRATIONS_DIR },
      schema: { type: "string", default: DEFAULT_SCHEMA_PATH },
      "no-db": { type: "boolean", default: false },
      "rolled-back": { type: "string" },
    },
  });
  const [command, name] = positionals;
  const log = (line: string) => console.log(line);
  const paths = { migrationsDir: values.dir, schemaPath: values.schema };
  switch (command) {
    case "create": {
      if (!name) throw new UsageError("create needs a NAME");
      await createMigration(name, { ...paths, databaseUrl: env.DATABASE_URL, log });
      return 0;
    }
    case "deploy": {
      const { applied } = await deployMigrations(requireUrl(), { migrationsDir: values.dir, log });
      log(applied.length ? `${applied.length} migration(s) applied.` : "No pending migrations to apply.");
      return 0;
    }
    case "status": {
      const report = await migrationStatus(requireUrl(), values.dir);
      log(formatStatus(report));
      return report.upToDate ? 0 : 1;
    }
    case "check": {
      const result = await checkMigrations({ ...paths, databaseUrl: values["no-db"] ? undefined : env.DATABASE_URL });
      if (result.uncovered) log(`Schema changes no migration covers:\n${result.uncovered}\n`);
      if (result.drift) log(`Drift: the database differs from its applied migrations:\n${result.drift}\n`);
      if (result.status?.pending.length) log(`(not a failure) pending: ${result.status.pending.join(", ")}`);
      log(result.ok ? "check passed" : `check FAILED:\n${result.problems.map((p) => `  - ${p}`).join("\n")}`);
      return result.ok ? 0 : 1;
    }
    case "resolve": {
      const target = values["rolled-back"];
      if (!target) throw new UsageError("resolve needs --rolled-back NAME");
      await resolveRolledBack(requireUrl(), target);
      log(`Migration ${target} marked as rolled back.`);
      return 0;
    }
    default:
      throw new UsageError(command ? `unknown command: ${command}` : "no command");
  }
}

// A Rust panic inside the wasm engine surfaces as an uncaught "unreachable"; its reason was parked
// in the panic registry (engine.ts) and is the only useful part.
process.on("uncaughtException", (error) => {
  const panic = globalThis.PRISMA_WASM_PANIC_REGISTRY?.message;
  console.error(panic ? `Schema engine panic: ${panic}` : error);
  process.exit(1);
});

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
