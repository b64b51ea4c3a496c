// The Prisma clients of the app, built on the process's pg pools (lib/db/pool.ts): `db` for
// people's requests (each statement time-bounded), `systemDb` for the job worker (its own
// connections, so people's reads never hold up event processing). Prisma 7 needs no native engine:
// queries go through the pg driver adapter, so the same code runs on a real PostgreSQL and on the
// embedded PGlite (served on a local port by tooling/devstack). The webhook's write uses the system
// pool directly (lib/events/store.ts): it is the hottest statement of the app, and Prisma's raw-query
// path cost it about a third of its throughput. Not for scripts that need their own pool
// (migrations use pg directly).
import "server-only";
import type pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient, type Prisma } from "@/lib/generated/prisma/client";
import { pool, systemPool } from "@/lib/db/pool";

/** The app's Prisma client (`db` or `systemDb`), as the modules that take one as a parameter name it. */
export type Db = PrismaClient;
/** The client or an interactive transaction of it. */
export type DbTx = Prisma.TransactionClient;

// On globalThis like the pools, so that every module copy in the process shares one client of each.
const shared = globalThis as unknown as { clinicConnectDb?: PrismaClient; clinicConnectSystemDb?: PrismaClient };
type Slot = "clinicConnectDb" | "clinicConnectSystemDb";

function client(slot: Slot, on: () => pg.Pool): PrismaClient {
  // Made on first use, not at import: `next build` imports route modules without a database. pg is
  // a server-external package (next.config.js), so the adapter and lib/db/pool see one pg.Pool class.
  shared[slot] ??= new PrismaClient({ adapter: new PrismaPg(on()) });
  return shared[slot];
}

function lazyClient(slot: Slot, on: () => pg.Pool): PrismaClient {
  return new Proxy({} as PrismaClient, {
    get(_target, property) {
      const value: unknown = Reflect.get(client(slot, on), property);
      return typeof value === "function" ? value.bind(client(slot, on)) : value;
    },
  });
}

export const db: PrismaClient = lazyClient("clinicConnectDb", pool);
export const systemDb: PrismaClient = lazyClient("clinicConnectSystemDb", systemPool);
