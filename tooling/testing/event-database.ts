// For integration tests of the event store: a fresh migrated database (real PostgreSQL when the
// runner sets TEST_PG_ADMIN_URL, else embedded PGlite) with its own pg pool and a Prisma client on it
// (as lib/db.ts builds the app's), dropped after.
// Not imported by app code.
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { createTestDatabase } from "@/tooling/testing/postgres";
import { deployMigrations } from "@/tooling/migrate";

export interface EventTestDatabase {
  url: string;
  real: boolean;
  db: PrismaClient;
  /** The pool under `db`, for code that skips Prisma (the webhook's write). */
  pool: pg.Pool;
  close(): Promise<void>;
}

export async function createEventTestDatabase(prefix: string): Promise<EventTestDatabase> {
  const test = await createTestDatabase(prefix);
  try {
    await deployMigrations(test.url);
  } catch (error) {
    await test.drop();
    throw error;
  }
  const pool = new pg.Pool({ connectionString: test.url, max: 4 });
  const db = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    url: test.url,
    real: test.real,
    db,
    pool,
    async close() {
      await db.$disconnect();
      await pool.end();
      await test.drop();
    },
  };
}
