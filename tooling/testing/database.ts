// A fresh, empty PostgreSQL database for one integration test file. With TEST_PG_ADMIN_URL (set by
// the test runner when DATABASE_URL points at a real server) it creates a uniquely named database
// and drops it afterwards; otherwise it starts an in-memory embedded PostgreSQL (PGlite) of its own.
import pg from "pg";
import { startEmbeddedPostgres } from "@/tooling/devstack/embedded-postgres";

export interface TestDatabase {
  url: string;
  /** True on a real PostgreSQL server, false on the embedded PGlite. */
  real: boolean;
  drop(): Promise<void>;
}

export async function createTestDatabase(prefix = "t"): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) {
    const embedded = await startEmbeddedPostgres();
    return { url: embedded.url, real: false, drop: () => embedded.stop() };
  }
  const name = `cc_${prefix.replace(/[^a-z0-9_]/gi, "").toLowerCase()}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    real: true,
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
