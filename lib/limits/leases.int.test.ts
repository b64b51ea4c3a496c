// A person's reads counted across app processes, against a real PostgreSQL: a place taken by one
// process is seen by every other (a read there is refused, saying how many are running), given back
// when the read ends, lapsed when its process died; twenty processes asking at once get exactly the
// limit. Another process is stood for by a place taken outside this one's gate.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/tooling/testing/database";
import { db } from "@/lib/db";
import { pool } from "@/lib/db/pool";
import { takeLease } from "@/lib/limits/leases";
import { withReadSlot } from "@/lib/limits/read-gates";
import { succeeded } from "@/lib/results/result";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase("read_leases", { migrated: true });
  process.env.DATABASE_URL = database.url;
});
afterAll(async () => {
  await db.$disconnect();
  await pool().end();
  await database?.drop();
});

const held = async (userId: string) => (await db.readLease.findMany({ where: { userId } })).length;

describe("a person's places across processes", () => {
  it("refuses a read while another process runs the person's one, with the true count", async () => {
    const elsewhere = await takeLease("read", "user_a", 1);
    expect(elsewhere.ok).toBe(true);
    let ran = false;
    const refused = await withReadSlot("user_a", async () => ((ran = true), succeeded(1)));
    expect(ran).toBe(false);
    expect(refused).toMatchObject({ ok: false, code: "busy", message: "actions.tooManyReads", values: { count: 1 } });

    if (elsewhere.ok) await elsewhere.release();
    expect(await withReadSlot("user_a", async () => succeeded("read"))).toMatchObject({ ok: true, data: "read" });
    await expect.poll(() => held("user_a")).toBe(0); // given back after answering
  });

  it("lets a place lapse when its process died holding it", async () => {
    await takeLease("export", "user_b", 1);
    expect(await takeLease("export", "user_b", 1)).toEqual({ ok: false, running: 1 });
    await database.query("UPDATE read_leases SET expires_at = now() - interval '1 second' WHERE user_id = 'user_b'");
    expect((await takeLease("export", "user_b", 1)).ok).toBe(true);
  });

  it("gives exactly the limit to twenty asking at once", async () => {
    const leases = await Promise.all(Array.from({ length: 20 }, () => takeLease("read", "user_c", 2)));
    expect(leases.filter((lease) => lease.ok)).toHaveLength(2);
    expect(leases.filter((lease) => !lease.ok).map((lease) => !lease.ok && lease.running)).toEqual(Array(18).fill(2));
  });
});
