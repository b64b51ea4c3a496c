// The process's pg pool, on which lib/db.ts builds the Prisma client. Its own module so that code
// which skips Prisma (the webhook's write, lib/events/store.ts) loads only pg: the app server's
// bundle (lib/server, built apart from Next.js's) has its own copy of the webhook path, and a second
// copy of Prisma's generated client in it would cost memory for nothing.
import "server-only";
import pg from "pg";
import { requireDatabaseUrl } from "@/lib/database-url";
import { log } from "@/lib/log/logger";

/** What code that skips Prisma needs of a pool: parameterised queries. A pg.Pool is one. */
export type Sql = Pick<pg.Pool, "query">;

// On globalThis, not in module scope: the app server's bundle and Next.js's bundles each have a copy
// of this module, and both must share one pool per process.
const shared = globalThis as unknown as { clinicConnectPool?: pg.Pool };

const logPoolError = (error: Error) => log.error("db: idle connection failed", { err: error });

/** The process's pool (10 connections), made on first use. */
export function pool(): pg.Pool {
  if (!shared.clinicConnectPool) {
    const created = new pg.Pool({ connectionString: requireDatabaseUrl(), max: 10 });
    // An idle connection that breaks (the database restarting) is emitted here; unheard, it would
    // end the process. The pool replaces it on the next query.
    created.on("error", logPoolError);
    shared.clinicConnectPool = created;
  }
  return shared.clinicConnectPool;
}
