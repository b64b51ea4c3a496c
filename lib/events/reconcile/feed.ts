// What a reconciliation run is given: from the platform, the six event lists, one event and the
// delivery log (the typed client of lib/clinic-api satisfies it; tests pass one pointed at the
// sandbox), and its options.
import type { ClinicClient } from "@/lib/clinic-api";

export type ReconcileFeed = Pick<ClinicClient, "listEvents" | "getEvent" | "listDeliveries">;

export interface ReconcileOptions {
  /** Whole days re-read before each cursor. */
  overlapDays?: number;
  /** Newly stored ids go to the processing queue. */
  enqueueProcessing(eventIds: string[]): Promise<void>;
}

export const DEFAULT_OVERLAP_DAYS = 1;

/** The feed of a clinic, or null when nobody of that clinic is connected (nothing to read with). */
export type FeedForClinic = (clinicId: string) => Promise<ReconcileFeed | null>;

const DAY_MS = 86_400_000;

/**
 * The `created_at` filter for "since the cursor, with an overlap": the platform filters by whole UTC
 * days and `>d` excludes d itself, so we ask for days after (cursor's day − overlap − 1). Late
 * deliveries and clock skew are covered by the overlap; the store's ON CONFLICT drops what we have.
 */
export function sinceFilter(cursor: Date | null, overlapDays: number): string | undefined {
  if (!cursor) return undefined;
  const day = new Date(cursor.getTime() - (overlapDays + 1) * DAY_MS).toISOString().slice(0, 10);
  return `>${day}`;
}
