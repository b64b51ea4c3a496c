// For integration tests of the event store: a fresh migrated database (real PostgreSQL when the
// runner sets TEST_PG_ADMIN_URL, else embedded PGlite) with its own Prisma client, dropped after.
// Not imported by app code.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { createTestDatabase } from "@/lib/testing/postgres";
import { deployMigrations } from "@/prisma/migrate";

export interface EventTestDatabase {
  url: string;
  real: boolean;
  db: PrismaClient;
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
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: test.url, max: 4 }) });
  return {
    url: test.url,
    real: test.real,
    db,
    async close() {
      await db.$disconnect();
      await test.drop();
    },
  };
}
