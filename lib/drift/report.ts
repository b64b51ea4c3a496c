// The "Platform changes" page's read: the drift rows grouped by source (each event type, then each
// endpoint), times as ISO text for <When> to write on the clinic's clock. The rows are the
// deployment's, the same for every clinic's admins: they hold field paths and counts, never a value
// of any clinic's data (lib/drift/walk.ts).
import "server-only";
import { db } from "@/lib/db";
import { driftRows, type DriftSourceKind } from "@/lib/drift/store";
import type { DriftKind } from "@/lib/drift/walk";

export interface DriftLine {
  path: string;
  kind: DriftKind;
  count: number;
  firstSeen: string;
  lastSeen: string;
}

export interface DriftGroup {
  sourceKind: DriftSourceKind;
  source: string;
  /** Its key in the page's address (`?source=`), to show all of its lines. */
  key: string;
  lines: DriftLine[];
  /** Lines not shown (seen less often than those shown). */
  more: number;
}

/** Lines a source shows before "show all": a page of drift stays small whatever was sent. */
export const LINES_SHOWN = 20;

export const driftGroupKey = (kind: DriftSourceKind, source: string) => `${kind}:${source}`;

/**
 * Each source's unknown fields first (the platform's news), then missing ones; each kind most seen
 * first. A source shows LINES_SHOWN lines, or all of them when its key is `expand`.
 */
export async function driftReport(expand: string | null = null): Promise<DriftGroup[]> {
  const groups = new Map<string, DriftGroup>();
  for (const row of await driftRows(db)) {
    const key = `${row.sourceKind}\u0000${row.source}`;
    const group = groups.get(key) ?? {
      sourceKind: row.sourceKind,
      source: row.source,
      key: driftGroupKey(row.sourceKind, row.source),
      lines: [],
      more: 0,
    };
    group.lines.push({
      path: row.path,
      kind: row.kind,
      count: row.count,
      firstSeen: row.firstSeen.toISOString(),
      lastSeen: row.lastSeen.toISOString(),
    });
    groups.set(key, group);
  }
  const kindOrder: Record<DriftKind, number> = { unknown: 0, missing: 1 };
  for (const group of groups.values()) {
    group.lines.sort(
      (a, b) => kindOrder[a.kind] - kindOrder[b.kind] || b.count - a.count || a.path.localeCompare(b.path),
    );
    if (group.key === expand) continue;
    group.more = Math.max(0, group.lines.length - LINES_SHOWN);
    group.lines = group.lines.slice(0, LINES_SHOWN);
  }
  return [...groups.values()];
}
