// The chain check as a table: a chain built the way appends build it, then one row per way of
// tampering with it and the entry the check must name.
import { describe, expect, it } from "vitest";
import { entryHash, GENESIS_HASH, type HashedFields } from "@/lib/audit/hash";
import { verifyChain, type Anchor, type ChainRow } from "@/lib/audit/verify";

function chain(n: number, firstSeq = 1, firstPrev = GENESIS_HASH): ChainRow[] {
  const rows: ChainRow[] = [];
  let prevHash = firstPrev;
  for (let seq = firstSeq; seq < firstSeq + n; seq++) {
    const fields: HashedFields = {
      clinicId: "clinic_a",
      seq,
      at: new Date(Date.UTC(2026, 0, 1, 0, seq)).toISOString(),
      actorUserId: "user-1",
      actorLabel: "prac_1 (Practitioner)",
      action: "patients.searched",
      targetType: null,
      targetId: null,
      details: { search: `name ${seq}`, page: 1 },
    };
    const hash = entryHash(prevHash, fields);
    rows.push({ ...fields, prevHash, hash });
    prevHash = hash;
  }
  return rows;
}

async function* of(rows: ChainRow[]) {
  yield* rows;
}

const check = (rows: ChainRow[]) => verifyChain("clinic_a", of(rows));

describe("verifyChain", () => {
  it("accepts an untouched chain and reports its head", async () => {
    const rows = chain(5);
    expect(await check(rows)).toEqual({
      clinicId: "clinic_a",
      ok: true,
      entries: 5,
      firstSeq: 1,
      head: { seq: 5, hash: rows[4].hash },
      anchored: null,
    });
  });

  it("does not depend on the order of keys in details (a JSON column reorders them)", async () => {
    const rows = chain(2);
    rows[1] = { ...rows[1], details: { page: 1, search: "name 2" } };
    expect((await check(rows)).ok).toBe(true);
  });

  const tampered: Array<[string, (rows: ChainRow[]) => ChainRow[], number, RegExp]> = [
    [
      "a detail changed",
      (r) => r.map((x) => (x.seq === 3 ? { ...x, details: { search: "someone else" } } : x)),
      3,
      /changed/,
    ],
    [
      "the person changed",
      (r) => r.map((x) => (x.seq === 2 ? { ...x, actorLabel: "staff_9 (Staff)" } : x)),
      2,
      /changed/,
    ],
    [
      "the time changed",
      (r) => r.map((x) => (x.seq === 4 ? { ...x, at: "2025-01-01T00:00:00.000Z" } : x)),
      4,
      /changed/,
    ],
    [
      "a row changed and its hash recomputed",
      (r) =>
        r.map((x) => {
          if (x.seq !== 3) return x;
          const { prevHash, hash: _hash, ...fields } = { ...x, action: "auth.signed_in" };
          return { ...fields, prevHash, hash: entryHash(prevHash, fields) };
        }),
      4,
      /does not link to entry #3/,
    ],
    ["a row removed", (r) => r.filter((x) => x.seq !== 3), 4, /follows entry #2/],
    ["the oldest rows removed", (r) => r.filter((x) => x.seq > 2), 3, /entries #1 to #2 are missing/],
    [
      "the first row re-pointed",
      (r) => r.map((x) => (x.seq === 1 ? { ...x, prevHash: "f".repeat(64) } : x)),
      1,
      /start/,
    ],
  ];
  it.each(tampered)("names the entry where %s", async (_name, tamper, seq, why) => {
    const report = await check(tamper(chain(5)));
    expect(report.ok).toBe(false);
    if (report.ok) return;
    expect(report.brokenAt.seq).toBe(seq);
    expect(report.why).toMatch(why);
  });

  it("accepts a chain whose oldest entries the retention job removed and accounted for", async () => {
    const full = chain(6);
    const kept = full.slice(3);
    const last = kept[kept.length - 1];
    const removal: HashedFields = {
      clinicId: "clinic_a",
      seq: last.seq + 1,
      at: new Date(Date.UTC(2026, 1, 1)).toISOString(),
      actorUserId: null,
      actorLabel: "Clinic Connect (automatic)",
      action: "audit.entries_removed",
      targetType: null,
      targetId: null,
      details: { throughSeq: 3, throughHash: full[2].hash, removed: 3 },
    };
    const rows = [...kept, { ...removal, prevHash: last.hash, hash: entryHash(last.hash, removal) }];
    expect(await check(rows)).toMatchObject({ ok: true, firstSeq: 4, entries: 4 });
    // The same removal entry does not cover one more row taken away.
    expect(await check(rows.slice(1))).toMatchObject({ ok: false, brokenAt: { seq: 5 } });
  });

  const anchoredAt = "2026-01-01T00:10:00.000Z";
  const anchorOf = (row: ChainRow): Anchor => ({ seq: row.seq, hash: row.hash, at: anchoredAt });

  it("accepts a chain that holds its anchors and goes on past the newest", async () => {
    const rows = chain(5);
    expect(await verifyChain("clinic_a", of(rows), [anchorOf(rows[1]), anchorOf(rows[3])])).toMatchObject({
      ok: true,
      anchored: { seq: 4, at: anchoredAt },
    });
  });

  const cut: Array<[string, (rows: ChainRow[]) => ChainRow[], number, RegExp]> = [
    [
      "the newest entries deleted",
      (r) => r.slice(0, 3),
      5,
      /ends at entry #3, but entry #5 was its head at .*newest entries were deleted/,
    ],
    ["every entry deleted", () => [], 5, /no entries, but entry #5 was its head .*all of its entries were deleted/],
    [
      "the chain rewritten from an entry on, hashes and all",
      (r) => {
        const rewritten: ChainRow[] = r.slice(0, 2);
        for (const { prevHash: _p, hash: _h, ...fields } of r.slice(2)) {
          const prevHash = rewritten[rewritten.length - 1].hash;
          const changed = { ...fields, details: { search: "someone else", page: 1 } };
          rewritten.push({ ...changed, prevHash, hash: entryHash(prevHash, changed) });
        }
        return rewritten;
      },
      3,
      /not the entry #3 anchored .*rewritten/,
    ],
  ];
  it.each(cut)("names the cut where %s after the head was anchored", async (_name, tamper, seq, why) => {
    const rows = chain(5);
    const report = await verifyChain("clinic_a", of(tamper(rows)), [anchorOf(rows[2]), anchorOf(rows[4])]);
    expect(report.ok).toBe(false);
    if (report.ok) return;
    expect(report.brokenAt.seq).toBe(seq);
    expect(report.why).toMatch(why);
  });
});
