// The audit trail against a real PostgreSQL: concurrent appends of one clinic stay one unbroken chain,
// the table refuses UPDATE and DELETE, a row changed behind the app's back is named by the verifier,
// retention keeps the chain verifiable, and the page's and export's reads never cross clinics.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, scratchPool, type TestDatabase } from "@/tooling/testing/database";
import { db } from "@/lib/db";
import { pool } from "@/lib/db/pool";
import { appendAuditEntry, recordAudit, type AuditInput } from "@/lib/audit/record";
import { verifyAuditTrail } from "@/lib/audit/verify";
import { applyAuditRetention } from "@/lib/audit/retention";
import { anchorAuditHeads } from "@/lib/audit/anchor";
import { listAuditEntries } from "@/lib/audit/query";
import { csvOf } from "@/lib/audit/export";
import { translatorFor } from "@/lib/i18n/translator";
import { parseAuditFilters } from "@/lib/audit/filters";

let database: TestDatabase;
let sql: pg.Pool;
const users = { a: "", b: "" };

const entry = (clinicId: string, actorUserId: string | null, extra: Partial<AuditInput> = {}): AuditInput => ({
  clinicId,
  actorUserId,
  action: "patients.searched",
  details: { search: "ito", page: 1 },
  ...extra,
});

async function tamper(statement: string, params: unknown[]): Promise<void> {
  // What someone with the database owner's rights can do: switch the guard off and edit a row.
  const client = await sql.connect();
  try {
    await client.query("BEGIN");
    await client.query("ALTER TABLE audit_entries DISABLE TRIGGER audit_entries_append_only");
    await client.query(statement, params);
    await client.query("ALTER TABLE audit_entries ENABLE TRIGGER audit_entries_append_only");
    await client.query("COMMIT");
  } finally {
    client.release();
  }
}

beforeAll(async () => {
  database = await createTestDatabase("audit", { migrated: true });
  process.env.DATABASE_URL = database.url;
  sql = scratchPool(database.url, 2);
  for (const [key, clinicId] of [
    ["a", "clinic_a"],
    ["b", "clinic_b"],
  ] as const) {
    await db.clinic.create({ data: { id: clinicId, name: `Clinic ${key.toUpperCase()}` } });
    users[key] = (
      await db.user.create({
        data: { clinicId, platformUserId: `prac_${key}`, platformUserType: "Practitioner", name: `Dr ${key}` },
      })
    ).id;
  }
});
afterAll(async () => {
  await sql?.end();
  await db.$disconnect();
  await pool().end();
  await database?.drop();
});

describe("appending", () => {
  it("keeps one unbroken chain per clinic under concurrent appends", async () => {
    await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => appendAuditEntry(db, entry("clinic_a", users.a, { details: { i } }))),
      ...Array.from({ length: 10 }, (_, i) => appendAuditEntry(db, entry("clinic_b", users.b, { details: { i } }))),
    ]);
    const seqs = await db.auditEntry.findMany({
      where: { clinicId: "clinic_a" },
      orderBy: { seq: "asc" },
      select: { seq: true, at: true },
    });
    expect(seqs.map((s) => s.seq)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    // Times follow the chain: each is taken once the clinic's lock is held.
    for (let i = 1; i < seqs.length; i++) expect(seqs[i].at >= seqs[i - 1].at).toBe(true);
    const reports = await verifyAuditTrail(sql);
    expect(reports.map((r) => [r.clinicId, r.ok, r.entries])).toEqual([
      ["clinic_a", true, 30],
      ["clinic_b", true, 10],
    ]);
  });

  it("labels the person as they were, and keeps no NUL or overlong text", async () => {
    const row = await appendAuditEntry(
      db,
      entry("clinic_a", users.a, { details: { search: `a\u0000b${"x".repeat(5000)}` } }),
    );
    expect(row.actorLabel).toBe("Dr a");
    const search = (row.details as { search: string }).search;
    expect(search.startsWith("abxxx")).toBe(true);
    expect(search).toHaveLength(1000);
  });

  it("refuses to change or delete an entry", async () => {
    await expect(sql.query("UPDATE audit_entries SET actor_label = 'someone' WHERE seq = 1")).rejects.toThrow(
      /append-only/,
    );
    await expect(sql.query("DELETE FROM audit_entries WHERE seq = 1")).rejects.toThrow(/append-only/);
    await expect(sql.query("TRUNCATE audit_entries")).rejects.toThrow(/append-only/);
  });

  it("does not fail the caller when the entry cannot be written, and writes nothing half", async () => {
    const before = await db.auditEntry.count({ where: { clinicId: "clinic_a" } });
    // A value JSON cannot hold stands for any failure to write.
    await expect(recordAudit(entry("clinic_a", users.a, { details: { n: 1n } }))).resolves.toBe(undefined);
    expect(await db.auditEntry.count({ where: { clinicId: "clinic_a" } })).toBe(before);
  });
});

describe("verifying", () => {
  it("names the entry that was changed behind the app's back", async () => {
    await tamper(
      "UPDATE audit_entries SET details = '{\"search\":\"someone else\"}' WHERE clinic_id = 'clinic_b' AND seq = 4",
      [],
    );
    const report = (await verifyAuditTrail(sql, "clinic_b"))[0];
    expect(report).toMatchObject({ ok: false, brokenAt: { seq: 4, action: "patients.searched" } });
    expect((await verifyAuditTrail(sql, "clinic_a"))[0].ok).toBe(true);
  });
});

describe("retention", () => {
  it("removes entries past the period, records the removal, and the chain still verifies", async () => {
    const clinicId = "clinic_r";
    await db.clinic.create({ data: { id: clinicId, name: "Retention" } });
    const old = new Date("2019-01-01T00:00:00Z");
    for (let i = 0; i < 3; i++)
      await appendAuditEntry(db, entry(clinicId, null, { details: { i } }), () => new Date(old.getTime() + i));
    await appendAuditEntry(db, entry(clinicId, null));
    const removed = await applyAuditRetention(db, 365);
    expect(removed).toBe(3);
    const left = await db.auditEntry.findMany({ where: { clinicId }, orderBy: { seq: "asc" } });
    expect(left.map((e) => [e.seq, e.action])).toEqual([
      [4, "patients.searched"],
      [5, "audit.entries_removed"],
    ]);
    expect(left[1].details).toMatchObject({ throughSeq: 3, removed: 3, retentionDays: 365 });
    const removal = await db.auditAnchor.findMany({ where: { clinicId, kind: "removal" } });
    expect(removal.map((a) => [a.seq, a.hash])).toEqual([
      [3, (left[1].details as { throughHash: string }).throughHash],
    ]);
    expect((await verifyAuditTrail(sql, clinicId))[0]).toMatchObject({ ok: true, firstSeq: 4 });
  });

  it("goes on from where the chain was when every entry is past the period", async () => {
    const clinicId = "clinic_r_all";
    await db.clinic.create({ data: { id: clinicId, name: "All old" } });
    for (let i = 0; i < 2; i++)
      await appendAuditEntry(db, entry(clinicId, null, { details: { i } }), () => new Date(Date.UTC(2019, 0, 1, i)));
    expect(await applyAuditRetention(db, 365)).toBe(2);
    const after = await db.auditEntry.findMany({ where: { clinicId }, orderBy: { seq: "asc" } });
    expect(after.map((e) => [e.seq, e.action])).toEqual([[3, "audit.entries_removed"]]);
    expect((await verifyAuditTrail(sql, clinicId))[0]).toMatchObject({ ok: true, firstSeq: 3, entries: 1 });
  });

  it("keeps everything when the period is 0", async () => {
    expect(await applyAuditRetention(db, 0)).toBe(0);
  });
});

describe("a cut tail", () => {
  async function clinicWithEntries(clinicId: string, n: number) {
    await db.clinic.create({ data: { id: clinicId, name: clinicId } });
    for (let i = 0; i < n; i++) await appendAuditEntry(db, entry(clinicId, null, { details: { i } }));
  }

  it("cannot be cut with the app's rights: the old retention flag, a forged removal anchor, an anchor changed", async () => {
    await clinicWithEntries("clinic_guarded", 3);
    const client = await sql.connect();
    try {
      await client.query("BEGIN");
      await client.query("SET LOCAL clinic_connect.audit_retention = 'on'");
      await expect(
        client.query("DELETE FROM audit_entries WHERE clinic_id = 'clinic_guarded' AND seq = 3"),
      ).rejects.toThrow(/entry #3 of clinic_guarded is not a retention removal/);
      await client.query("ROLLBACK");
    } finally {
      client.release();
    }
    // A removal anchor for an entry younger than a year, or one the chain does not hold, is refused.
    const head = await db.auditEntry.findFirstOrThrow({ where: { clinicId: "clinic_guarded", seq: 3 } });
    for (const [seq, hash] of [
      [3, head.hash],
      [9, head.hash],
    ] as const)
      await expect(
        sql.query(
          "INSERT INTO audit_anchors (clinic_id, kind, seq, hash) VALUES ('clinic_guarded', 'removal', $1, $2)",
          [seq, hash],
        ),
      ).rejects.toThrow(/must name an entry of the chain/);
    await expect(
      sql.query("INSERT INTO audit_anchors (clinic_id, kind, seq, hash) VALUES ('clinic_guarded', 'head', 3, $1)", [
        "f".repeat(64),
      ]),
    ).rejects.toThrow(/must name an entry of the chain/);
    await anchorAuditHeads(db);
    await expect(sql.query("UPDATE audit_anchors SET seq = 1 WHERE clinic_id = 'clinic_guarded'")).rejects.toThrow(
      /append-only/,
    );
    await expect(sql.query("DELETE FROM audit_anchors WHERE clinic_id = 'clinic_guarded'")).rejects.toThrow(
      /append-only/,
    );
    await expect(sql.query("TRUNCATE audit_anchors")).rejects.toThrow(/append-only/);
    expect(await db.auditEntry.count({ where: { clinicId: "clinic_guarded" } })).toBe(3);
    expect((await verifyAuditTrail(sql, "clinic_guarded"))[0]).toMatchObject({ ok: true, anchored: { seq: 3 } });
  });

  it("anchors each head once, and only heads that moved", async () => {
    await clinicWithEntries("clinic_anchor_once", 2);
    expect(await anchorAuditHeads(db)).toBeGreaterThanOrEqual(1);
    expect(await anchorAuditHeads(db)).toBe(0);
    await appendAuditEntry(db, entry("clinic_anchor_once", null));
    expect(await anchorAuditHeads(db)).toBe(1);
    const anchors = await db.auditAnchor.findMany({
      where: { clinicId: "clinic_anchor_once" },
      orderBy: { seq: "asc" },
    });
    expect(anchors.map((a) => [a.kind, a.seq])).toEqual([
      ["head", 2],
      ["head", 3],
    ]);
  });

  it("is reported when the owner deletes the newest entries, or all of a clinic's, after the head was anchored", async () => {
    await clinicWithEntries("clinic_cut", 5);
    await clinicWithEntries("clinic_gone", 2);
    await anchorAuditHeads(db);
    await appendAuditEntry(db, entry("clinic_cut", null)); // #6, not anchored yet
    await tamper("DELETE FROM audit_entries WHERE clinic_id = 'clinic_cut' AND seq >= 4", []);
    await tamper("DELETE FROM audit_entries WHERE clinic_id = 'clinic_gone'", []);
    const reports = await verifyAuditTrail(sql);
    const cut = reports.find((r) => r.clinicId === "clinic_cut");
    expect(cut).toMatchObject({ ok: false, entries: 3, brokenAt: { seq: 5, action: "anchored head" } });
    expect(cut?.ok === false && cut.why).toMatch(
      /ends at entry #3, but entry #5 was its head at .*: the newest entries were deleted/,
    );
    const gone = reports.find((r) => r.clinicId === "clinic_gone");
    expect(gone).toMatchObject({ ok: false, entries: 0, brokenAt: { seq: 2 } });
    expect(gone?.ok === false && gone.why).toMatch(
      /no entries, but entry #2 was its head .*all of its entries were deleted/,
    );
  });
});

describe("reading", () => {
  it("filters by person, action and days, and never shows another clinic's entries", async () => {
    await appendAuditEntry(db, entry("clinic_b", users.b, { action: "auth.signed_in", details: {} }));
    const all = await listAuditEntries("clinic_b", parseAuditFilters({}).filters, "UTC");
    expect(all.total).toBe(11);
    expect(all.rows.every((r) => r.actorUserId === users.b)).toBe(true);

    const signIns = await listAuditEntries("clinic_b", parseAuditFilters({ action: "auth.signed_in" }).filters, "UTC");
    expect(signIns.rows.map((r) => r.action)).toEqual(["auth.signed_in"]);
    const byOther = await listAuditEntries("clinic_b", parseAuditFilters({ person: users.a }).filters, "UTC");
    expect(byOther.total).toBe(0);

    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await listAuditEntries("clinic_b", parseAuditFilters({ from: today, to: today }).filters, "UTC")).total,
    ).toBe(11);
    expect((await listAuditEntries("clinic_b", parseAuditFilters({ to: "2020-01-01" }).filters, "UTC")).total).toBe(0);
  });

  it("exports CSV a spreadsheet cannot run", async () => {
    const row = await appendAuditEntry(db, entry("clinic_b", users.b, { details: { search: "=HYPERLINK(1)" } }));
    const { rows } = await listAuditEntries("clinic_b", parseAuditFilters({}).filters, "UTC");
    const csv = csvOf(rows, "Asia/Kathmandu", true, translatorFor("en"));
    expect(csv.split("\n")[0]).toBe(
      "time,time_zone,time_utc,person,person_id,action,action_code,target_type,target_id,target_name,patient_name,details,details_json,entry,hash",
    );
    expect(csv).toContain(row.hash);
    // The time on the clinic's clock (UTC+5:45, a zone a whole-hour bucket would get wrong), and in UTC.
    const line = csv.split("\n").find((l) => l.includes(row.hash))!;
    const local = new Date(row.at.getTime() + (5 * 60 + 45) * 60_000).toISOString().slice(0, 19);
    expect(
      line.startsWith(`${local}.${row.at.toISOString().slice(20, 23)}+05:45,Asia/Kathmandu,${row.at.toISOString()},`),
    ).toBe(true);
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
    expect(csv).toContain("search: =HYPERLINK(1)");
    expect(csv).not.toContain(users.a);
  });

  it("names an entry about the clinic itself by the clinic's name, not its id", async () => {
    await appendAuditEntry(
      db,
      entry("clinic_b", users.b, {
        action: "clinic_key.entered",
        target: { type: "clinic", id: "clinic_b" },
        details: { key: "…1234" },
      }),
    );
    const { rows } = await listAuditEntries(
      "clinic_b",
      parseAuditFilters({ action: "clinic_key.entered" }).filters,
      "UTC",
    );
    expect(rows.map((r) => [r.targetType, r.targetName])).toEqual([["clinic", "Clinic B"]]);
  });
});
