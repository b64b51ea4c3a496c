// Checking the audit trail's hash chains: for each clinic, every entry must follow the one before it
// (seq n+1 after n), carry that entry's hash, and hash to its own. The first entry either is #1 or
// follows entries the retention job removed, which it accounts for in an "audit.entries_removed"
// entry of the chain. Then the chain is held against its anchors (each clinic's head, written down
// outside the chain every few minutes: anchor.ts): every anchored entry must still be there with the
// anchored hash, so a tail cut (the newest entries deleted, or all of a clinic's) or a chain rewritten
// from some entry on shows. Reports the first broken link of each clinic. Plain pg (no Prisma), so
// that `npm run audit:verify` runs outside the app.
import type pg from "pg";
import { entryHash, GENESIS_HASH, type HashedFields } from "@/lib/audit/hash";

type Sql = Pick<pg.Pool, "query">;

export interface ChainRow extends HashedFields {
  prevHash: string;
  hash: string;
}

/** A head anchor: entry `seq` of the clinic had `hash` at `at` (audit_anchors). */
export interface Anchor {
  seq: number;
  hash: string;
  at: string;
}

export type ChainReport =
  | {
      clinicId: string;
      ok: true;
      entries: number;
      firstSeq: number | null;
      head: { seq: number; hash: string } | null;
      /** The newest anchor, which the chain reaches. */
      anchored: { seq: number; at: string } | null;
    }
  | {
      clinicId: string;
      ok: false;
      entries: number;
      brokenAt: { seq: number; at: string; action: string };
      why: string;
    };

/** The removal entry that accounts for entries #1…#(first.seq − 1) being gone. */
function accountsForRemoval(row: ChainRow, first: ChainRow): boolean {
  const d = row.details as { throughSeq?: unknown; throughHash?: unknown };
  return row.action === "audit.entries_removed" && d.throughSeq === first.seq - 1 && d.throughHash === first.prevHash;
}

/** The report when the chain stops short of its newest anchor: its newest entries were deleted. */
function cutTail(clinicId: string, entries: number, last: ChainRow | null, anchor: Anchor): ChainReport {
  return {
    clinicId,
    ok: false,
    entries,
    brokenAt: { seq: anchor.seq, at: anchor.at, action: "anchored head" },
    why: last
      ? `the chain ends at entry #${last.seq}, but entry #${anchor.seq} was its head at ${anchor.at}: ` +
        `the newest entries were deleted`
      : `the clinic has no entries, but entry #${anchor.seq} was its head at ${anchor.at}: all of its entries were deleted`,
  };
}

/** Verifies one clinic's entries, given in seq order, against its head anchors (any order). */
export async function verifyChain(
  clinicId: string,
  rows: AsyncIterable<ChainRow>,
  anchors: readonly Anchor[] = [],
): Promise<ChainReport> {
  const anchorsAt = new Map<number, Anchor[]>();
  for (const a of anchors) anchorsAt.set(a.seq, [...(anchorsAt.get(a.seq) ?? []), a]);
  const newestAnchor = anchors.reduce<Anchor | null>((n, a) => (n && n.seq >= a.seq ? n : a), null);
  let previous: ChainRow | null = null;
  let first: ChainRow | null = null;
  let removalAccounted = false;
  let entries = 0;
  const broken = (row: ChainRow, why: string): ChainReport => ({
    clinicId,
    ok: false,
    entries,
    brokenAt: { seq: row.seq, at: row.at, action: row.action },
    why,
  });
  for await (const row of rows) {
    entries += 1;
    const { prevHash, hash, ...fields } = row;
    if (!previous) {
      first = row;
      if (row.seq === 1 && prevHash !== GENESIS_HASH) return broken(row, "the first entry does not start the chain");
    } else {
      if (row.seq !== previous.seq + 1)
        return broken(row, `it follows entry #${previous.seq}: the entries between them were removed`);
      if (prevHash !== previous.hash)
        return broken(row, `it does not link to entry #${previous.seq}: that entry was changed or replaced`);
    }
    if (entryHash(prevHash, fields) !== hash) return broken(row, "its content does not match its hash: it was changed");
    const unlike = anchorsAt.get(row.seq)?.find((a) => a.hash !== hash);
    if (unlike)
      return broken(
        row,
        `it is not the entry #${row.seq} anchored at ${unlike.at}: the chain was rewritten from here on`,
      );
    if (first && first.seq > 1 && accountsForRemoval(row, first)) removalAccounted = true;
    previous = row;
  }
  if (first && first.seq > 1 && !removalAccounted)
    return broken(first, `entries #1 to #${first.seq - 1} are missing and no retention entry accounts for them`);
  if (newestAnchor && (!previous || previous.seq < newestAnchor.seq))
    return cutTail(clinicId, entries, previous, newestAnchor);
  return {
    clinicId,
    ok: true,
    entries,
    firstSeq: first?.seq ?? null,
    head: previous ? { seq: previous.seq, hash: previous.hash } : null,
    anchored: newestAnchor ? { seq: newestAnchor.seq, at: newestAnchor.at } : null,
  };
}

const PAGE = 1000;

async function* clinicRows(sql: Sql, clinicId: string): AsyncGenerator<ChainRow> {
  for (let after = 0; ;) {
    const { rows } = await sql.query<ChainRow>(
      `SELECT clinic_id AS "clinicId", seq, to_char(at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
              actor_user_id AS "actorUserId", actor_label AS "actorLabel", action,
              target_type AS "targetType", target_id AS "targetId", details, prev_hash AS "prevHash", hash
         FROM audit_entries WHERE clinic_id = $1 AND seq > $2 ORDER BY seq LIMIT ${PAGE}`,
      [clinicId, after],
    );
    yield* rows;
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1].seq;
  }
}

async function headAnchors(sql: Sql, clinicId: string): Promise<Anchor[]> {
  const { rows } = await sql.query<Anchor>(
    `SELECT seq, hash, to_char(at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
       FROM audit_anchors WHERE clinic_id = $1 AND kind = 'head'`,
    [clinicId],
  );
  return rows;
}

/** Every clinic's chain, a clinic with anchors but no entries left included (or the one named). */
export async function verifyAuditTrail(sql: Sql, onlyClinicId?: string): Promise<ChainReport[]> {
  const clinicIds = onlyClinicId
    ? [onlyClinicId]
    : (
        await sql.query<{ clinic_id: string }>(
          `SELECT clinic_id FROM (SELECT DISTINCT clinic_id FROM audit_entries
                                  UNION SELECT DISTINCT clinic_id FROM audit_anchors) c ORDER BY clinic_id`,
        )
      ).rows.map((r) => r.clinic_id);
  const reports: ChainReport[] = [];
  for (const clinicId of clinicIds)
    reports.push(await verifyChain(clinicId, clinicRows(sql, clinicId), await headAnchors(sql, clinicId)));
  return reports;
}

export function describeReport(report: ChainReport): string {
  if (!report.ok) {
    const { seq, at, action } = report.brokenAt;
    return `${report.clinicId}: BROKEN at entry #${seq} (${at}, ${action}): ${report.why}.`;
  }
  if (!report.head) return `${report.clinicId}: no entries.`;
  const range = `#${report.firstSeq}–#${report.head.seq}`;
  const anchored = report.anchored
    ? `anchored through #${report.anchored.seq} (${report.anchored.at})`
    : "not anchored yet";
  return `${report.clinicId}: ${report.entries} entries (${range}), intact, ${anchored}. Head #${report.head.seq} ${report.head.hash}`;
}
