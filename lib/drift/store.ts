// The drift report's table (platform_drift): one row per source (an event type or a platform
// endpoint), field path and kind, with first and last seen and a count. Written only by merging
// counts already added up in memory (one statement per batch, never per field), read by the admin
// console's "Platform changes" page. Only paths are written, never a value (lib/drift/walk.ts).
import "server-only";
import type { Db } from "@/lib/db";
import type { DriftKind } from "@/lib/drift/walk";
import { log } from "@/lib/log/logger";

export type DriftSourceKind = "event" | "endpoint";

/** Distinct paths kept per source: a hostile or huge body cannot grow the table past it. */
export const MAX_PATHS_PER_SOURCE = 200;
/** A path not seen for this long leaves the report: the platform's change is over, or it was noise. */
export const DRIFT_KEPT_DAYS = 30;
const MAX_SOURCE_CHARS = 200;

export interface DriftCount {
  sourceKind: DriftSourceKind;
  source: string;
  path: string;
  kind: DriftKind;
  count: number;
  firstSeen: Date;
  lastSeen: Date;
}

const keyOf = (c: Pick<DriftCount, "sourceKind" | "source" | "path" | "kind">) =>
  `${c.sourceKind}\u0000${c.source}\u0000${c.path}\u0000${c.kind}`;

/** Counts of drift added up in memory until they are written. */
export class DriftTally {
  private readonly counts = new Map<string, DriftCount>();
  private readonly perSource = new Map<string, number>();

  add(
    sourceKind: DriftSourceKind,
    source: string,
    paths: ReadonlyArray<{ path: string; kind: DriftKind }>,
    at = new Date(),
  ) {
    for (const { path, kind } of paths) {
      const entry = { sourceKind, source: source.slice(0, MAX_SOURCE_CHARS), path, kind };
      const key = keyOf(entry);
      const seen = this.counts.get(key);
      if (seen) {
        seen.count += 1;
        if (at > seen.lastSeen) seen.lastSeen = at;
        continue;
      }
      const sourceKey = `${sourceKind}\u0000${entry.source}`;
      const n = this.perSource.get(sourceKey) ?? 0;
      if (n >= MAX_PATHS_PER_SOURCE) continue;
      this.perSource.set(sourceKey, n + 1);
      this.counts.set(key, { ...entry, count: 1, firstSeen: at, lastSeen: at });
    }
  }

  get size(): number {
    return this.counts.size;
  }

  /** The counts so far, emptying the tally. */
  take(): DriftCount[] {
    const taken = [...this.counts.values()];
    this.counts.clear();
    this.perSource.clear();
    return taken;
  }
}

/**
 * Adds counts to the table, then keeps each source it touched to MAX_PATHS_PER_SOURCE rows: those
 * seen most often, then most lately. A table that kept its first paths for good let junk sent first
 * hide the real changes that came after; now a path that recurs outlives a burst of paths seen once,
 * and a path not seen for DRIFT_KEPT_DAYS leaves. Rows are written in key order (two writers lock
 * shared rows in the same order, so they cannot deadlock).
 */
export async function writeDrift(db: Db, counts: readonly DriftCount[], now = new Date()): Promise<void> {
  if (counts.length === 0) return;
  const rows = [...counts].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  const text = (f: (c: DriftCount) => string) => rows.map(f);
  const sources = [...new Map(rows.map((c) => [`${c.sourceKind}\u0000${c.source}`, c])).values()];
  const stale = new Date(now.getTime() - DRIFT_KEPT_DAYS * 86_400_000).toISOString();
  // Times as ISO text: a timestamp without zone takes the UTC wall time and ignores the "Z".
  await db.$transaction([
    db.$executeRaw`
      INSERT INTO platform_drift (source_kind, source, path, kind, first_seen, last_seen, count)
      SELECT u.source_kind::"DriftSourceKind", u.source, u.path, u.kind::"DriftKind", u.first_seen::timestamp(3),
        u.last_seen::timestamp(3), u.count::bigint
      FROM unnest(${text((c) => c.sourceKind)}::text[], ${text((c) => c.source)}::text[], ${text((c) => c.path)}::text[],
        ${text((c) => c.kind)}::text[], ${text((c) => c.firstSeen.toISOString())}::text[],
        ${text((c) => c.lastSeen.toISOString())}::text[], ${text((c) => String(c.count))}::text[])
        AS u(source_kind, source, path, kind, first_seen, last_seen, count)
      ORDER BY u.source_kind, u.source, u.path, u.kind
      ON CONFLICT (source_kind, source, path, kind) DO UPDATE SET
        count = platform_drift.count + EXCLUDED.count,
        first_seen = LEAST(platform_drift.first_seen, EXCLUDED.first_seen),
        last_seen = GREATEST(platform_drift.last_seen, EXCLUDED.last_seen)`,
    db.$executeRaw`
      DELETE FROM platform_drift d USING (
        SELECT source_kind, source, path, kind, row_number() OVER (
            PARTITION BY source_kind, source ORDER BY count DESC, last_seen DESC, path, kind) AS place
        FROM platform_drift WHERE (source_kind::text, source) IN (
          SELECT * FROM unnest(${sources.map((c) => c.sourceKind)}::text[], ${sources.map((c) => c.source)}::text[]))
      ) ranked
      WHERE d.source_kind = ranked.source_kind AND d.source = ranked.source AND d.path = ranked.path
        AND d.kind = ranked.kind AND ranked.place > ${MAX_PATHS_PER_SOURCE}`,
    db.$executeRaw`DELETE FROM platform_drift WHERE last_seen < ${stale}::timestamp(3)`,
  ]);
}

export interface DriftRow {
  sourceKind: DriftSourceKind;
  source: string;
  path: string;
  kind: DriftKind;
  firstSeen: Date;
  lastSeen: Date;
  count: number;
}

/** Every row, by source and path (at most MAX_PATHS_PER_SOURCE per source). */
export async function driftRows(db: Db): Promise<DriftRow[]> {
  const rows = await db.platformDrift.findMany({
    orderBy: [{ sourceKind: "asc" }, { source: "asc" }, { kind: "asc" }, { path: "asc" }],
  });
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** Says that drift could not be written (a report's loss, not the work's: never rethrown). */
export function warnDriftNotWritten(error: unknown): void {
  log.warn("drift: the drift report could not be written", { err: error });
}
