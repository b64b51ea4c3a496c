// The migration tool as the release carries it (tooling/release/assemble.ts bundles this file into
// release/migrate.mjs): `deploy` and `status` only, which need nothing but `pg`. `create` and
// `check` diff with Prisma's schema engine, which ships in the `prisma` package, a development
// dependency the release does not install. Reads DATABASE_URL; the migrations are
// ./prisma/migrations of the working directory (the release folder), or --dir.
// Exit codes as cli.ts: 0 done / up to date, 1 failed or not up to date, 2 wrong usage.
import path from "node:path";
import { parseArgs } from "node:util";
import { deployMigrations } from "./deploy";
import { formatStatus, migrationStatus } from "./status";

const USAGE = `usage: node migrate.mjs <deploy|status> [--dir <migrations folder>]  (reads DATABASE_URL)
  deploy   apply pending migrations, each in one transaction
  status   applied / pending / failed migrations; exits 1 unless everything is applied`;

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { dir: { type: "string", default: path.join(process.cwd(), "prisma", "migrations") } },
  });
  const url = process.env.DATABASE_URL;
  const [command] = positionals;
  if (command !== "deploy" && command !== "status") {
    console.error(`${command ? `unknown command: ${command}` : "no command"}\n\n${USAGE}`);
    return 2;
  }
  if (!url) {
    console.error(`DATABASE_URL is not set: give the postgresql:// URL of the app's database.\n\n${USAGE}`);
    return 2;
  }
  if (command === "deploy") {
    const { applied } = await deployMigrations(url, { migrationsDir: values.dir, log: (line) => console.log(line) });
    console.log(applied.length ? `${applied.length} migration(s) applied.` : "No pending migrations to apply.");
    return 0;
  }
  const report = await migrationStatus(url, values.dir);
  console.log(formatStatus(report));
  return report.upToDate ? 0 : 1;
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
