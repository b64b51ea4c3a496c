// The one database factory of the tests, the end-to-end stacks and the benchmarks: a fresh
// PostgreSQL database, dropped afterwards. With TEST_PG_ADMIN_URL (set by the test runner when
// DATABASE_URL points at a real server, as in CI) it is a uniquely named database on that server;
// otherwise, or with `embedded`, an in-memory PGlite served the way `npm start` serves it. Options:
// `migrated` applies the app's migrations; `app` also opens a pg pool and a Prisma client on it, as
// lib/db/index.ts builds the app's.
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { startEmbeddedPostgres } from "@/tooling/devstack/embedded-postgres";
import { deployMigrations } from "@/tooling/migrate";

/** Whether a real PostgreSQL server was named; tests that need one (CREATE DATABASE…) skip without. */
export const REAL_SERVER = Boolean(process.env.TEST_PG_ADMIN_URL);

export interface TestDatabase {
  url: string;
  /** True on a real PostgreSQL server, false on the embedded PGlite. */
  real: boolean;
  /** One query on a connection of its own. */
  query<R extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  /** Drops the database (or stops the embedded one), closing what the factory opened on it. */
  drop(): Promise<void>;
}

export interface AppTestDatabase extends TestDatabase {
  db: PrismaClient;
  /** The pool under `db`, for code that skips Prisma (the webhook's write). */
  pool: pg.Pool;
}

export interface TestDatabaseOptions {
  /** PGlite even when a real server is available (what `npm start` runs without DATABASE_URL). */
  embedded?: boolean;
  /** Apply the app's migrations. */
  migrated?: boolean;
}

export function createTestDatabase(
  prefix: string,
  options: { app: true; embedded?: boolean },
): Promise<AppTestDatabase>;
export function createTestDatabase(prefix?: string, options?: TestDatabaseOptions): Promise<TestDatabase>;
export async function createTestDatabase(
  prefix = "t",
  options: TestDatabaseOptions & { app?: boolean } = {},
): Promise<TestDatabase | AppTestDatabase> {
  const database = await emptyDatabase(prefix, options.embedded ?? false);
  try {
    if (options.migrated || options.app) await deployMigrations(database.url, { log: () => {} });
  } catch (error) {
    await database.drop();
    throw error;
  }
  if (!options.app) return database;
  const pool = scratchPool(database.url, 4);
  const db = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    ...database,
    db,
    pool,
    async drop() {
      await db.$disconnect();
      await pool.end();
      await database.drop();
    },
  };
}

/**
 * A pg pool on a test database, for tests that query it without Prisma. pg's `end()` resolves before
 * its connections have closed, and the drop (WITH FORCE) or the embedded server's stop then ends them:
 * the pool re-emits that error, and unheard it is an uncaught exception that fails the test run with
 * every test passed. Every pool on a database the test drops is opened here.
 */
export function scratchPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on("error", () => {});
  return pool;
}

async function emptyDatabase(prefix: string, embedded: boolean): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl || embedded) {
    const server = await startEmbeddedPostgres();
    return { url: server.url, real: false, query: queryVia(server.url), drop: () => server.stop() };
  }
  const name = `cc_${prefix.replace(/[^a-z0-9_]/gi, "").toLowerCase()}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    real: true,
    query: queryVia(url.toString()),
    drop: () =>
      withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}

/** One connection for `run`, closed afterwards whatever happens. */
export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** One query on a connection of its own (tests and e2e specs looking into a database). */
export async function queryOnce<T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  return withClient(url, async (client) => (await client.query<T>(sql, params)).rows);
}

function queryVia(url: string) {
  return <R extends pg.QueryResultRow>(sql: string, params?: unknown[]) => queryOnce<R>(url, sql, params);
}
