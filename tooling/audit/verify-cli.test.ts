// `npm run audit:verify` as a person runs it: exit 0 and each clinic's head while the chains are
// intact; once a row is changed in the database, or the newest entries are deleted after their head
// was anchored, exit 1 and the entry named.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";
import { runCli } from "@/tooling/testing/run-cli";
import { appendAuditEntry } from "@/lib/audit/record";
import { anchorAuditHeads } from "@/lib/audit/anchor";

let t: AppTestDatabase;

function verify() {
  return runCli("tooling/audit/verify-cli.ts", [], { env: { DATABASE_URL: t.url } });
}

beforeAll(async () => {
  t = await createTestDatabase("audit_cli", { app: true });
  await t.db.clinic.create({ data: { id: "clinic_cli", name: "CLI clinic" } });
  for (const search of ["ito", "brooks", "varga"])
    await appendAuditEntry(t.db, {
      clinicId: "clinic_cli",
      actorUserId: null,
      action: "patients.searched",
      details: { search },
    });
});
afterAll(async () => {
  await t?.drop();
});

describe("npm run audit:verify", () => {
  it("reports intact chains with their heads, then the first broken link after a row is changed", async () => {
    const intact = await verify();
    expect(intact.out).toMatch(/clinic_cli: 3 entries \(#1–#3\), intact, not anchored yet\. Head #3 [0-9a-f]{64}/);
    expect(intact.code).toBe(0);

    const client = await t.pool.connect();
    try {
      await client.query("ALTER TABLE audit_entries DISABLE TRIGGER audit_entries_append_only");
      await client.query(`UPDATE audit_entries SET details = '{"search":"nobody"}' WHERE seq = 2`);
      await client.query("ALTER TABLE audit_entries ENABLE TRIGGER audit_entries_append_only");
    } finally {
      client.release();
    }
    const broken = await verify();
    expect(broken.out).toContain("clinic_cli: BROKEN at entry #2");
    expect(broken.out).toContain("it was changed");
    expect(broken.code).toBe(1);
  }, 60_000);

  it("reports a clinic's tail cut after its head was anchored", async () => {
    await t.db.clinic.create({ data: { id: "clinic_tail", name: "Tail clinic" } });
    for (let i = 0; i < 4; i++)
      await appendAuditEntry(t.db, { clinicId: "clinic_tail", actorUserId: null, action: "patients.searched" });
    await anchorAuditHeads(t.db);
    expect((await verify()).out).toMatch(/clinic_tail: 4 entries \(#1–#4\), intact, anchored through #4 \(/);
    const client = await t.pool.connect();
    try {
      await client.query("ALTER TABLE audit_entries DISABLE TRIGGER audit_entries_append_only");
      await client.query("DELETE FROM audit_entries WHERE clinic_id = 'clinic_tail' AND seq > 2");
      await client.query("ALTER TABLE audit_entries ENABLE TRIGGER audit_entries_append_only");
    } finally {
      client.release();
    }
    const cut = await verify();
    expect(cut.out).toMatch(
      /clinic_tail: BROKEN at entry #4 \(.*, anchored head\): the chain ends at entry #2, .*newest entries were deleted/,
    );
    expect(cut.code).toBe(1);
  }, 60_000);
});
