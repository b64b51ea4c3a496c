// The one Prisma client of the app. Prisma 7 needs no native engine: queries go through the pg
// driver adapter, so the same code runs on a real PostgreSQL and on the embedded PGlite (served on a
// local port by lib/devstack). Not for scripts that need their own pool (migrations use pg directly).
import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { requireDatabaseUrl } from "@/lib/database-url";

const globalForPrisma = globalThis as unknown as { clinicConnectDb?: PrismaClient };

function client(): PrismaClient {
  // Made on first use, not at import: `next build` imports route modules without a database.
  globalForPrisma.clinicConnectDb ??= new PrismaClient({
    adapter: new PrismaPg({ connectionString: requireDatabaseUrl(), max: 10 }),
  });
  return globalForPrisma.clinicConnectDb;
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const value: unknown = Reflect.get(client(), property);
    return typeof value === "function" ? value.bind(client()) : value;
  },
});
