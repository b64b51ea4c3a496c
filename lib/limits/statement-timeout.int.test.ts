// The people's pool bounds each statement's time tightly and the system pool loosely (lib/db/pool.ts); a
// statement cancelled at the bound reaches the person as "too broad", whether it came through pg or
// through Prisma's driver adapter. Against real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { createTestDatabase, type TestDatabase } from "@/tooling/testing/database";
import { isStatementTimeout, TOO_BROAD } from "@/lib/limits/statement-timeout";
import { failureOf } from "@/lib/actions/platform-failure";

let t: TestDatabase;
let pools: typeof import("@/lib/db/pool");

beforeAll(async () => {
  t = await createTestDatabase("stmt_timeout");
  // The pools read the process's configuration on first use, as in the app.
  process.env.DATABASE_URL = t.url;
  process.env.STATEMENT_TIMEOUT_MS = "200";
  process.env.SYSTEM_STATEMENT_TIMEOUT_MS = "1000";
  pools = await import("@/lib/db/pool");
});
afterAll(async () => {
  await Promise.all([pools?.pool().end(), pools?.systemPool().end()]);
  await t?.drop();
});

const rejection = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => error,
  );

describe("statement time bound", () => {
  it("cancels a person's statement at the bound and lets the system pool's run", async () => {
    const started = Date.now();
    const error = await rejection(pools.pool().query("SELECT pg_sleep(2)"));
    expect(Date.now() - started).toBeLessThan(1500);
    expect((error as { code?: string }).code).toBe("57014");
    expect(isStatementTimeout(error)).toBe(true);
    expect(await pools.systemPool().query("SELECT pg_sleep(0.4), 1 AS one")).toMatchObject({ rows: [{ one: 1 }] });
  });

  it("cancels a system statement at its own, looser bound, unless its transaction lifts it", async () => {
    const error = await rejection(pools.systemPool().query("SELECT pg_sleep(2)"));
    expect((error as { code?: string }).code).toBe("57014");
    const client = await pools.systemPool().connect();
    try {
      await client.query("BEGIN");
      await client.query("SET LOCAL statement_timeout = 0");
      expect((await client.query("SELECT pg_sleep(1.3), 1 AS one")).rows).toMatchObject([{ one: 1 }]);
      await client.query("COMMIT");
    } finally {
      client.release();
    }
  });

  it("gives a person's statement one core (no parallel workers, no JIT) and leaves the system pool's as configured", async () => {
    const settings = async (p: import("pg").Pool) =>
      (
        await p.query<{ workers: string; jit: string }>(
          "SELECT current_setting('max_parallel_workers_per_gather') AS workers, current_setting('jit') AS jit",
        )
      ).rows[0];
    expect(await settings(pools.pool())).toEqual({ workers: "0", jit: "off" });
    const server = await settings(pools.systemPool());
    expect(server.workers).not.toBe("0"); // this machine's PostgreSQL default (2): the setting is the pool's own
  });

  it("is said as too broad through Prisma's raw queries and its model queries", async () => {
    const prisma = new PrismaClient({ adapter: new PrismaPg(pools.pool()) });
    const cases = [
      () => prisma.$queryRaw`SELECT pg_sleep(2)`,
      () => prisma.$executeRaw`SELECT pg_sleep(2)`,
      () => prisma.$transaction(async (tx) => tx.$queryRaw`SELECT pg_sleep(2)`),
    ];
    for (const run of cases) {
      const error = await rejection(run());
      expect(isStatementTimeout(error)).toBe(true);
      expect(failureOf(error)).toEqual(TOO_BROAD);
    }
  });

  it.each([
    ["another database error", Object.assign(new Error("duplicate key"), { code: "23505" })],
    ["a plain error", new Error("canceling statement due to user request")],
    ["not an error", "57014"],
  ])("does not take %s for the bound", (_name, error) => {
    expect(isStatementTimeout(error)).toBe(false);
  });
});
