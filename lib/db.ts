// The one Prisma client of the app, built on the process's pg pool (lib/db-pool.ts). Prisma 7 needs
// no native engine: queries go through the pg driver adapter, so the same code runs on a real
// PostgreSQL and on the embedded PGlite (served on a local port by tooling/devstack). The webhook's write
// uses the pool directly (lib/events/store.ts): it is the hottest statement of the app, and Prisma's
// raw-query path cost it about a third of its throughput. Not for scripts that need their own pool
// (migrations use pg directly).
import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { pool } from "@/lib/db-pool";

// On globalThis like the pool, so that every module copy in the process shares one client.
const shared = globalThis as unknown as { clinicConnectDb?: PrismaClient };

function client(): PrismaClient {
  // Made on first use, not at import: `next build` imports route modules without a database. pg is
  // a server-external package (next.config.js), so the adapter and lib/db-pool see one pg.Pool class.
  shared.clinicConnectDb ??= new PrismaClient({ adapter: new PrismaPg(pool()) });
  return shared.clinicConnectDb;
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const value: unknown = Reflect.get(client(), property);
    return typeof value === "function" ? value.bind(client()) : value;
  },
});
