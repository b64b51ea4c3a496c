// create and check against a real PostgreSQL (throwaway databases), through Prisma's wasm
// schema engine and the patched pg adapter: shadow databases, data-loss warnings, drift, and
// Prisma's own engine reading our _prisma_migrations as its own.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noFilters } from "./engine";
import { migrationList } from "./files";
import { checkMigrations, createMigration, deployMigrations } from "./index";
import { withEngine } from "./session";
import { parseTarget } from "./target";
import { REAL_SERVER, createTestDatabase, type TestDatabase } from "@/tooling/testing/database";
import { createProject, type TestProject } from "./test-project";

const V1 = `model Patient {\n  id   Int    @id @default(autoincrement())\n  name String\n}\n`;
const V2 = V1.replace("  name String\n", "  name String\n  email String?\n");
const V3 = V1.replace("  name String\n", "  name String\n  contact String?\n");

const shadowCount = async (db: TestDatabase) =>
  (
    await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_database WHERE datname LIKE 'prisma_migrate_shadow_%'",
    )
  )[0]!.n;

describe.skipIf(!REAL_SERVER)("create and check on PostgreSQL", () => {
  let db: TestDatabase;
  let project: TestProject;
  let options: { databaseUrl: string; migrationsDir: string; schemaPath: string };
  const deploy = () => deployMigrations(db.url, { migrationsDir: project.migrationsDir });

  beforeAll(async () => {
    db = await createTestDatabase("mig");
    project = createProject(V1);
    options = { databaseUrl: db.url, migrationsDir: project.migrationsDir, schemaPath: project.schemaPath };
  });
  afterAll(async () => {
    await db?.drop();
    project?.remove();
  });

  it("creates the first migration from an empty history, touching only a shadow database", async () => {
    const shadowsBefore = await shadowCount(db);
    const created = await createMigration("Init", options);
    expect(created.name).toMatch(/^\d{14}_init$/);
    const sql = readFileSync(created.file!, "utf8");
    expect(sql).toContain('CREATE TABLE "Patient"');
    expect(readFileSync(`${project.migrationsDir}/migration_lock.toml`, "utf8")).toContain('provider = "postgresql"');
    // adapter-pg bug 3 would have replayed into the main database: it must still be empty.
    expect(await db.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).toEqual([]);
    expect(await shadowCount(db)).toBe(shadowsBefore);
    expect((await deploy()).applied).toEqual([created.name]);
    expect((await createMigration("again", options)).file).toBeNull();
  });

  it("adds a column, then warns about data loss when a rename comes out as drop + add", async () => {
    project.setModels(V2);
    const added = await createMigration("add email", options);
    expect(readFileSync(added.file!, "utf8")).toMatch(/ALTER TABLE "Patient" ADD COLUMN\s+"email" TEXT/);
    await deploy();
    await db.query(`INSERT INTO "Patient" (name, email) VALUES ('Ada', 'ada@example.test')`);

    project.setModels(V3);
    const renamed = await createMigration("rename email", options);
    expect(renamed.warnings.join("\n")).toMatch(/drop the column `email`.*1 non-null value/);
    const sql = readFileSync(renamed.file!, "utf8");
    expect(sql.startsWith("/*\n  Warnings:")).toBe(true);
    expect(sql).toContain('DROP COLUMN "email"');

    // The documented fix: edit the migration into a rename, which keeps the data.
    project.addMigration(renamed.name!, `ALTER TABLE "Patient" RENAME COLUMN "email" TO "contact";\n`);
    await deploy();
    expect(await db.query(`SELECT contact FROM "Patient"`)).toEqual([{ contact: "ada@example.test" }]);
    expect(await checkMigrations(options)).toMatchObject({ ok: true, uncovered: null, drift: null });
  });

  it('replays hand-written SQL whole and reads "char" catalog columns (CHECK constraints)', async () => {
    project.addMigration(
      "29990101000000_checks",
      `-- a comment; with a semicolon
ALTER TABLE "Patient" ADD CONSTRAINT name_not_blank CHECK (name <> '');
CREATE FUNCTION touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.name := trim(NEW.name);
  RETURN NEW;
END;
$$;
`,
    );
    await deploy();
    // Both diffs read the CHECK constraint's contype ("char") and replay the $$ body in the shadow.
    expect(await checkMigrations(options)).toMatchObject({ ok: true, problems: [] });
  });

  it("detects drift, schema changes no migration covers, and says which", async () => {
    await db.query(`ALTER TABLE "Patient" ADD COLUMN sneaky INTEGER`);
    const drifted = await checkMigrations(options);
    expect(drifted.ok).toBe(false);
    expect(drifted.drift).toMatch(/Patient[\s\S]*sneaky/);
    expect(drifted.uncovered).toBeNull();

    project.setModels(V3.replace("  contact String?\n", "  contact String?\n  phone String?\n"));
    const schemaOnly = await checkMigrations({ ...options, databaseUrl: undefined });
    expect(schemaOnly).toMatchObject({ ok: false, drift: null, status: null });
    expect(schemaOnly.uncovered).toMatch(/Patient[\s\S]*phone/);
    project.setModels(V3);
  }, 90_000); // the schema-only check starts PGlite: slow on a busy machine

  it("leaves a history that Prisma's own engine reads as its own: applied, then failed", async () => {
    const diagnose = () =>
      withEngine(parseTarget(db.url), project.schemaPath, ({ engine }) =>
        engine.diagnoseMigrationHistory({
          migrationsList: migrationList(project.migrationsDir),
          optInToShadowDatabase: false,
          filters: noFilters,
        }),
      );
    expect(await diagnose()).toEqual({
      hasMigrationsTable: true,
      history: null,
      editedMigrationNames: [],
      failedMigrationNames: [],
    });
    project.addMigration("29990102000000_fails", "SELECT * FROM no_such_table;");
    await expect(deploy()).rejects.toThrow(/no_such_table/);
    expect(await diagnose()).toMatchObject({ failedMigrationNames: ["29990102000000_fails"] });
  });
});

describe.skipIf(!REAL_SERVER)("a DATABASE_URL with ?schema=", () => {
  it("deploys into that schema and diffs it against shadows using the same schema name", async () => {
    const db = await createTestDatabase("mig");
    const project = createProject(V1);
    try {
      const databaseUrl = `${db.url}?schema=clinic_app`;
      const options = { databaseUrl, migrationsDir: project.migrationsDir, schemaPath: project.schemaPath };
      await createMigration("init", options);
      await deployMigrations(databaseUrl, { migrationsDir: project.migrationsDir });
      const tables = await db.query("SELECT tablename FROM pg_tables WHERE schemaname = 'clinic_app' ORDER BY 1");
      expect(tables).toEqual([{ tablename: "Patient" }, { tablename: "_prisma_migrations" }]);
      expect(await checkMigrations(options)).toMatchObject({ ok: true });
      await db.query(`ALTER TABLE clinic_app."Patient" ADD COLUMN sneaky INTEGER`);
      expect((await checkMigrations(options)).drift).toMatch(/sneaky/);
    } finally {
      await db.drop();
      project.remove();
    }
  });
});
