import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, scratchPool, type TestDatabase } from "@/tooling/testing/database";

describe("createTestDatabase", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("selftest");
  });
  afterAll(async () => {
    await database.drop();
  });

  it("gives an empty database that accepts writes inside and outside transactions", async () => {
    const pool = scratchPool(database.url, 3);
    try {
      const tables = await pool.query(
        "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
      );
      expect(tables.rows[0].n).toBe(0);
      await pool.query("create table probe (id int primary key)");
      const client = await pool.connect();
      await client.query("begin");
      await client.query("insert into probe values (1)");
      await client.query("rollback");
      client.release();
      await pool.query("insert into probe values (2)");
      const rows = await pool.query("select id from probe order by id");
      expect(rows.rows).toEqual([{ id: 2 }]);
    } finally {
      await pool.end();
    }
  });
});
