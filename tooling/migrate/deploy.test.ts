// deploy and status against a real PostgreSQL (throwaway databases) and against the embedded PGlite
// as `npm start` serves it (one session): whole-script transactions, Prisma's bookkeeping, the
// lock, idempotence.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checksumOf } from "./files";
import { deployMigrations, formatStatus, migrationStatus, MigrationFailedError, resolveRolledBack } from "./index";
import { REAL_SERVER, createTestDatabase, type TestDatabase } from "@/tooling/testing/database";
import { createProject, type TestProject } from "./test-project";

// `;` where a naive splitter cuts: a comment, a string literal, a $$ body with several statements.
const TRICKY_SQL = `-- Create the notes table; the splitter must not cut here
CREATE TABLE notes (id SERIAL PRIMARY KEY, body TEXT NOT NULL);
/* block comment; with; semicolons */
INSERT INTO notes (body) VALUES ('first; second; third');
CREATE FUNCTION note_count() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE n integer;
BEGIN
  SELECT count(*) INTO n FROM notes;
  RETURN n;
END;
$$;
`;

const FAILING_SQL = `CREATE TABLE half_done (id INTEGER PRIMARY KEY);
INSERT INTO half_done VALUES (1);
SELECT 1 / 0;
`;

type Row = { migration_name: string; finished_at: Date | null; logs: string | null; checksum: string };

describe.skipIf(!REAL_SERVER)("deploy on PostgreSQL", () => {
  let db: TestDatabase;
  let project: TestProject;
  const rows = () => db.query<Row>("SELECT * FROM _prisma_migrations ORDER BY started_at");

  beforeAll(async () => {
    db = await createTestDatabase("mig");
    project = createProject();
  });
  afterAll(async () => {
    await db?.drop();
    project?.remove();
  });

  it("applies a script with ; in comments, strings and $$ bodies as one unit", async () => {
    const file = project.addMigration("20240101000000_tricky", TRICKY_SQL);
    const result = await deployMigrations(db.url, { migrationsDir: project.migrationsDir });
    expect(result.applied).toEqual(["20240101000000_tricky"]);
    expect(await db.query("SELECT body FROM notes")).toEqual([{ body: "first; second; third" }]);
    expect(await db.query("SELECT note_count() AS n")).toEqual([{ n: 1 }]);
    const [row] = await rows();
    expect(row).toMatchObject({ migration_name: "20240101000000_tricky", logs: null });
    expect(row!.finished_at).toBeInstanceOf(Date);
    expect(row!.checksum).toBe(checksumOf(readFileSync(file)));
  });

  it("applies nothing the second time (idempotent), even when two deploys race", async () => {
    const [a, b] = await Promise.all([
      deployMigrations(db.url, { migrationsDir: project.migrationsDir }),
      deployMigrations(db.url, { migrationsDir: project.migrationsDir }),
    ]);
    expect([...a.applied, ...b.applied]).toEqual([]);
    expect(await rows()).toHaveLength(1);
  });

  it("rolls a failing migration back whole, records it failed, and blocks until resolved", async () => {
    project.addMigration("20240102000000_broken", FAILING_SQL);
    const failure = await deployMigrations(db.url, { migrationsDir: project.migrationsDir }).catch((e) => e);
    expect(failure).toBeInstanceOf(MigrationFailedError);
    expect(String(failure.message)).toMatch(/division by zero/);
    expect(await db.query("SELECT to_regclass('half_done')::text AS t")).toEqual([{ t: null }]);
    const failed = (await rows()).find((r) => r.migration_name === "20240102000000_broken");
    expect(failed).toMatchObject({ finished_at: null });
    expect(failed!.logs).toMatch(/22012[\s\S]*division by zero/);

    const status = await migrationStatus(db.url, project.migrationsDir);
    expect(status).toMatchObject({ upToDate: false, pending: [], applied: ["20240101000000_tricky"] });
    expect(status.failed.map((f) => f.name)).toEqual(["20240102000000_broken"]);
    await expect(deployMigrations(db.url, { migrationsDir: project.migrationsDir })).rejects.toThrow(/failed earlier/);

    project.addMigration("20240102000000_broken", FAILING_SQL.replace("SELECT 1 / 0;", "SELECT 1;"));
    await resolveRolledBack(db.url, "20240102000000_broken");
    const retry = await deployMigrations(db.url, { migrationsDir: project.migrationsDir });
    expect(retry.applied).toEqual(["20240102000000_broken"]);
    expect(await db.query("SELECT id FROM half_done")).toEqual([{ id: 1 }]);
    expect((await migrationStatus(db.url, project.migrationsDir)).upToDate).toBe(true);
  });

  it("reports pending, modified and unknown migrations in status", async () => {
    project.addMigration("20240103000000_next", "CREATE TABLE later (id INTEGER);");
    project.addMigration("20240101000000_tricky", `${TRICKY_SQL}-- edited after being applied\n`);
    await db.query(
      `INSERT INTO _prisma_migrations (id, checksum, migration_name, finished_at, applied_steps_count)
       VALUES ('00000000-0000-0000-0000-000000000001', 'x', '20231231000000_elsewhere', now(), 1)`,
    );
    const status = await migrationStatus(db.url, project.migrationsDir);
    expect(status).toMatchObject({
      upToDate: false,
      pending: ["20240103000000_next"],
      edited: ["20240101000000_tricky"],
      missingLocally: ["20231231000000_elsewhere"],
    });
    const text = formatStatus(status);
    expect(text).toContain("Pending (1):\n  20240103000000_next");
    expect(text).toContain("Database is NOT up to date.");
  });
});

describe.skipIf(!REAL_SERVER)("the command line", () => {
  const cli = path.join(__dirname, "cli.ts");
  const tsx = path.join(__dirname, "../../node_modules/.bin/tsx");
  const run = (args: string[], env: Record<string, string>) =>
    promisify(execFile)(tsx, [cli, ...args], { env: { ...process.env, ...env } }).then(
      (out) => ({ code: 0, stdout: out.stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );

  it("status exits 1 while a migration is pending and 0 once deploy applied it", async () => {
    const db = await createTestDatabase("mig");
    const project = createProject();
    try {
      project.addMigration("20240101000000_one", "CREATE TABLE one (id INTEGER);");
      const env = { DATABASE_URL: db.url };
      const dir = ["--dir", project.migrationsDir];
      expect(await run(["status", ...dir], env)).toMatchObject({
        code: 1,
        stdout: expect.stringContaining("Pending (1)"),
      });
      expect(await run(["deploy", ...dir], env)).toMatchObject({ code: 0, stdout: expect.stringContaining("applied") });
      expect(await run(["status", ...dir], env)).toMatchObject({
        code: 0,
        stdout: expect.stringContaining("up to date"),
      });
      expect((await run(["bogus"], env)).code).toBe(2);
    } finally {
      await db.drop();
      project.remove();
    }
  }, 90_000); // spawns tsx / starts PGlite: slow on a busy machine
});

describe("deploy on the embedded PGlite", () => {
  it("applies, rolls back a failure whole, and is idempotent", async () => {
    const db = await createTestDatabase("mig", { embedded: true });
    const project = createProject();
    try {
      project.addMigration("20240101000000_tricky", TRICKY_SQL);
      const migrationsDir = project.migrationsDir;
      expect((await deployMigrations(db.url, { migrationsDir })).applied).toEqual(["20240101000000_tricky"]);
      expect(await db.query("SELECT note_count() AS n")).toEqual([{ n: 1 }]);
      expect((await deployMigrations(db.url, { migrationsDir })).applied).toEqual([]);

      project.addMigration("20240102000000_broken", FAILING_SQL);
      await expect(deployMigrations(db.url, { migrationsDir })).rejects.toBeInstanceOf(MigrationFailedError);
      expect(await db.query("SELECT to_regclass('half_done')::text AS t")).toEqual([{ t: null }]);
      expect((await migrationStatus(db.url, migrationsDir)).failed).toHaveLength(1);
    } finally {
      await db.drop();
      project.remove();
    }
  }, 90_000); // spawns tsx / starts PGlite: slow on a busy machine
});
