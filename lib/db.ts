// The app's database: one pg pool per process, and the one Prisma client, built on that pool. Prisma
// 7 needs no native engine: queries go through the pg driver adapter, so the same code runs on a real
// PostgreSQL and on the embedded PGlite (served on a local port by lib/devstack). The webhook's write
// uses the pool directly (lib/events/store.ts): it is the hottest statement of the app, and Prisma's
// raw-query path costs it about a third of its throughput. Not for scripts that need their own pool
// (migrations use pg directly).
import "server-only";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { requireDatabaseUrl } from "@/lib/database-url";

/** What code that skips Prisma needs of a pool: parameterised queries. A pg.Pool is one. */
export type Sql = Pick<pg.Pool, "query">;

// On globalThis, not in module scope: the app server (lib/server) loads this module from source and
// Next.js's bundles load their own copy, and both must share one pool and one client per process.
const shared = globalThis as unknown as { clinicConnectPool?: pg.Pool; clinicConnectDb?: PrismaClient };

const logPoolError = (error: Error) => console.error("[db] idle connection failed:", error.message);

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

function client(): PrismaClient {
  // Made on first use, not at import: `next build` imports route modules without a database. pg is
  // a server-external package (next.config.js), so the adapter and this module see one pg.Pool class.
  shared.clinicConnectDb ??= new PrismaClient({ adapter: new PrismaPg(pool()) });
  return shared.clinicConnectDb;
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const value: unknown = Reflect.get(client(), property);
    return typeof value === "function" ? value.bind(client()) : value;
  },
});
