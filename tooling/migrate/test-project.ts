// Fixtures for the migration tool's tests: throwaway databases on the real PostgreSQL server
// (`mig_test_<random>`, dropped after), an in-memory PGlite behind pglite-socket, and throwaway
// project folders (schema.prisma + migrations/). Not used outside tests.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

// The tests that need a real server (CREATE DATABASE, Prisma's engine reading our history) run when
// the test runner names one (`npm test` with DATABASE_URL sets TEST_PG_ADMIN_URL, as CI does);
// without one they are reported as skipped and the PGlite tests still run.
export const REAL_SERVER = Boolean(process.env.TEST_PG_ADMIN_URL);
export const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export type TestDb = {
  url: string;
  query<R extends pg.QueryResultRow = Record<string, unknown>>(sql: string, values?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
};

async function onClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function queryVia(url: string) {
  return <R extends pg.QueryResultRow>(sql: string, values?: unknown[]) =>
    onClient(url, async (client) => (await client.query<R>(sql, values)).rows);
}

export async function createPostgresDb(): Promise<TestDb> {
  const name = `mig_test_${randomBytes(5).toString("hex")}`;
  await onClient(ADMIN_URL, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    query: queryVia(url.toString()),
    drop: async () => {
      await onClient(ADMIN_URL, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

export async function createPgliteDb(): Promise<TestDb> {
  const db = await PGlite.create();
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: 8 });
  await server.start();
  const url = `postgresql://postgres@${server.getServerConn()}/postgres?sslmode=disable`;
  return {
    url,
    query: queryVia(url),
    drop: async () => {
      await server.stop();
      await db.close();
    },
  };
}

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
