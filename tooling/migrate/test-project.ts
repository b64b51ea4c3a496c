// Throwaway project folders for the migration tool's tests (schema.prisma + migrations/, removed
// after). Databases come from the tests' one factory, tooling/testing/database.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const DATASOURCE = `datasource db {\n  provider = "postgresql"\n}\n`;

export type TestProject = {
  root: string;
  schemaPath: string;
  migrationsDir: string;
  setModels(models: string): void;
  /** A hand-written migration (what a person adds for data changes or SQL Prisma cannot express). */
  addMigration(name: string, sql: string): string;
  remove(): void;
};

export function createProject(models = ""): TestProject {
  const root = mkdtempSync(path.join(tmpdir(), "mig-project-"));
  const schemaPath = path.join(root, "schema.prisma");
  const migrationsDir = path.join(root, "migrations");
  const setModels = (text: string) => writeFileSync(schemaPath, `${DATASOURCE}\n${text}`);
  setModels(models);
  return {
    root,
    schemaPath,
    migrationsDir,
    setModels,
    addMigration(name, sql) {
      const folder = path.join(migrationsDir, name);
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, "migration.sql"), sql);
      return path.join(folder, "migration.sql");
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
