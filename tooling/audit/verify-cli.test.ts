// `npm run audit:verify` as a person runs it: exit 0 and each clinic's head while the chains are
// intact; once a row is changed in the database, exit 1 and the entry named.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";
import { runCli } from "@/tooling/testing/run-cli";
import { appendAuditEntry } from "@/lib/audit/record";

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
    expect(intact.out).toMatch(/clinic_cli: 3 entries \(#1–#3\), intact\. Head #3 [0-9a-f]{64}/);
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
});
