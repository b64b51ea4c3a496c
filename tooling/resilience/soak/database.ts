// The soak's database, and a real outage of it under the app. On a PostgreSQL server the soak's own
// database stops accepting connections (ALLOW_CONNECTIONS false: unlike CONNECTION LIMIT 0 it also
// holds off superusers, which the test role is), every backend on it is terminated, and it stays
// closed for the outage. Embedded, the PGlite lives in a temporary data folder and is itself closed
// and opened again from that folder (what `npm start` does across restarts), on the same port.
// Either way a new connection is tried while the database is down and must be refused.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "@/tooling/devstack/embedded-postgres";
import { createTestDatabase } from "@/tooling/testing/database";
import { deployMigrations } from "@/tooling/migrate";

export interface Outage {
  /** Backends terminated on the real server; -1 embedded (closing PGlite cuts every connection). */
  cut: number;
  /** The error a new connection got while the database was down. */
  refusal: string;
  downForMs: number;
}

export interface SoakDatabase {
  url: string;
  real: boolean;
  /** Takes the database down for at least downMs, running whileDown in the meantime, then brings it back. */
  restart(downMs: number, whileDown?: () => Promise<void>): Promise<Outage>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
// A timer may fire a millisecond early by Date.now(); the outage lasts at least downMs by that clock.
async function untilElapsed(started: number, ms: number): Promise<void> {
  while (Date.now() - started < ms) await sleep(ms - (Date.now() - started));
}

export async function startSoakDatabase(): Promise<SoakDatabase> {
  return process.env.TEST_PG_ADMIN_URL ? startOnServer(process.env.TEST_PG_ADMIN_URL) : startEmbedded();
}

async function startOnServer(adminUrl: string): Promise<SoakDatabase> {
  const test = await createTestDatabase("soak", { migrated: true });
  const name = new URL(test.url).pathname.slice(1);
  return {
    url: test.url,
    real: true,
    async restart(downMs, whileDown) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      const started = Date.now();
      try {
        await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
        // A connection that passed its database check just before the ALTER may appear late: repeat.
        // The pids are listed first and terminated by list: pg_terminate_backend in the same query's
        // WHERE may be run by the planner on every backend of the (shared) server.
        const cut = new Set<number>();
        for (let pass = 0; pass < 50; pass++) {
          const listed = await admin.query<{ pid: number }>(
            "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
            [name],
          );
          if (listed.rows.length === 0) break;
          const pids = listed.rows.map((r) => r.pid);
          const { rows } = await admin.query<{ pid: number; ok: boolean }>(
            "SELECT pid, pg_terminate_backend(pid) AS ok FROM unnest($1::int[]) AS pid",
            [pids],
          );
          rows.filter((r) => r.ok).forEach((r) => cut.add(r.pid));
          await sleep(20);
        }
        const refusal = await refusedConnection(test.url);
        await whileDown?.();
        await untilElapsed(started, downMs);
        return { cut: cut.size, refusal, downForMs: Date.now() - started };
      } finally {
        await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`).finally(() => admin.end());
      }
    },
    close: () => test.drop(),
  };
}

async function startEmbedded(): Promise<SoakDatabase> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "cc-soak-"));
  const dataDir = path.join(folder, "pglite"); // its lock file sits beside it, inside `folder`
  let embedded = await startEmbeddedPostgres({ dataDir });
  const { url, port } = embedded;
  await deployMigrations(url, { log: () => {} });
  return {
    url,
    real: false,
    async restart(downMs, whileDown) {
      const started = Date.now();
      await embedded.stop();
      try {
        const refusal = await refusedConnection(url);
        await whileDown?.();
        await untilElapsed(started, downMs);
        return { cut: -1, refusal, downForMs: Date.now() - started };
      } finally {
        embedded = await startEmbeddedPostgres({ dataDir, port });
      }
    },
    async close() {
      await embedded.stop();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function refusedConnection(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    return error instanceof Error ? error.message || String((error as NodeJS.ErrnoException).code) : String(error);
  }
  await client.end();
  throw new Error("the database accepted a new connection during its outage");
}
