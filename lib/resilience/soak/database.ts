// The soak's database, with a way to "restart" it under the app: on a real PostgreSQL server every
// connection to the soak's database is terminated (pg_terminate_backend), as a server restart or
// fail-over does to clients; on the embedded PGlite the socket server is stopped and started again
// on the same port (the data stays in memory). Either way the app's pools see their connections die.
import { PGlite } from "@electric-sql/pglite";
import { serveOverWire } from "@/lib/devstack/pglite-wire-server";
import pg from "pg";
import { createTestDatabase } from "@/lib/testing/postgres";
import { deployMigrations } from "@/prisma/migrate";

export interface SoakDatabase {
  url: string;
  real: boolean;
  /** Cuts every connection the app holds; returns how many (real server) or -1 (embedded). */
  restart(downMs: number): Promise<number>;
  close(): Promise<void>;
}

export async function startSoakDatabase(): Promise<SoakDatabase> {
  if (process.env.TEST_PG_ADMIN_URL) {
    const test = await createTestDatabase("soak");
    await deployMigrations(test.url, { log: () => {} });
    const name = new URL(test.url).pathname.slice(1);
    return {
      url: test.url,
      real: true,
      async restart() {
        const admin = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
        await admin.connect();
        try {
          const { rows } = await admin.query<{ ok: boolean }>("SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [name]);
          return rows.filter((r) => r.ok).length;
        } finally {
          await admin.end();
        }
      },
      close: () => test.drop(),
    };
  }
  const db = await PGlite.create();
  let server = await serveOverWire(db);
  const port = server.port;
  const url = `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
  await deployMigrations(url, { log: () => {} });
  return {
    url,
    real: false,
    async restart(downMs) {
      await server.close();
      await new Promise((r) => setTimeout(r, downMs));
      server = await serveOverWire(db, "127.0.0.1", port);
      return -1;
    },
    async close() {
      await server.close();
      await db.close();
    },
  };
}
