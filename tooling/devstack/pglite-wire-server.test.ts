// The embedded database must behave like one PostgreSQL server to several pools at once: extended
// queries of different connections must not interleave, and an open transaction must not see (or
// be seen by) another connection's statements until it ends.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "@/tooling/devstack/embedded-postgres";
import { scratchPool } from "@/tooling/testing/database";

describe("embedded PostgreSQL over the wire", () => {
  let embedded: EmbeddedPostgres;
  let pools: pg.Pool[];
  beforeAll(async () => {
    embedded = await startEmbeddedPostgres();
    pools = [scratchPool(embedded.url, 4), scratchPool(embedded.url, 4)];
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await embedded.stop();
  });

  it("runs concurrent parameterised queries and transactions from two pools without mixing them", async () => {
    const params = Array.from({ length: 27 }, (_, i) => String(i));
    const wide = `SELECT ${params.map((_, i) => `$${i + 1}::text AS c${i}`).join(", ")}`;
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, async (_, i) => {
        if (i % 2) return (await pools[1].query(wide, params)).rows[0].c26;
        const client = await pools[0].connect();
        try {
          await client.query("BEGIN");
          const sum = await client.query("SELECT $1::int + $2::int + $3::int AS n", [1, 2, i]);
          await new Promise((resolve) => setTimeout(resolve, 2));
          await client.query("COMMIT");
          return sum.rows[0].n;
        } finally {
          client.release();
        }
      }),
    );
    const failures = results.filter((r) => r.status === "rejected");
    expect(failures).toEqual([]);
    results.forEach((r, i) => expect(r.status === "fulfilled" && r.value).toBe(i % 2 ? "26" : 3 + i));
  });

  it("keeps another connection's statements out of an open transaction", async () => {
    await pools[0].query("CREATE TABLE isolation_probe (id int)");
    const a = await pools[0].connect();
    try {
      await a.query("BEGIN");
      await a.query("INSERT INTO isolation_probe VALUES (1)");
      const outside = pools[1].query("SELECT count(*)::int AS n FROM isolation_probe");
      await new Promise((resolve) => setTimeout(resolve, 50));
      await a.query("ROLLBACK");
      expect((await outside).rows[0].n).toBe(0);
    } finally {
      a.release();
    }
  });

  it("keeps each connection's named prepared statements its own, and drops them when it closes", async () => {
    const named = (n: number) => ({ name: "probe-named", text: "SELECT $1::int * 2 AS n", values: [n] });
    const clients = Array.from({ length: 3 }, () => new pg.Client({ connectionString: embedded.url }));
    await Promise.all(clients.map((client) => client.connect()));
    // Each prepares the same name in the one session under them, then uses it again.
    for (let round = 0; round < 2; round++) {
      const rows = await Promise.all(clients.map(async (client, i) => (await client.query(named(i))).rows[0].n));
      expect(rows).toEqual([0, 2, 4]);
    }
    await Promise.all(clients.map((client) => client.end()));
    const left = async () =>
      (await pools[1].query("SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE '%probe-named'"))
        .rows[0].n;
    await expect.poll(left).toBe(0);
  });

  it("rolls back the transaction of a connection that goes away", async () => {
    await pools[0].query("CREATE TABLE abandoned (id int)");
    const client = new pg.Client({ connectionString: embedded.url });
    await client.connect();
    await client.query("BEGIN");
    await client.query("INSERT INTO abandoned VALUES (1)");
    await client.end();
    expect((await pools[1].query("SELECT count(*)::int AS n FROM abandoned")).rows[0].n).toBe(0);
  });
});

describe("stopping the embedded PostgreSQL", () => {
  it("lets a connection in an open transaction go without touching the closed database", async () => {
    const embedded = await startEmbeddedPostgres();
    const client = new pg.Client({ connectionString: embedded.url });
    const ended = new Promise<void>((resolve) => client.on("end", () => resolve()));
    client.on("error", () => {}); // the server going away is expected here
    await client.connect();
    await client.query("BEGIN");
    await embedded.stop();
    await ended;
    // The socket's "close" arrives after PGlite has shut; an uncaught error there would end the
    // process (vitest reports it as an unhandled error and fails the run).
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(client.query("SELECT 1")).rejects.toThrow();
  });
});
