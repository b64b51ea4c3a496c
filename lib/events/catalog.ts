// Catalog news: product events name no clinic (the documented product.created carries no
// clinic_id) and no product id, so the clinics that use the product cannot be known. They are
// news for every clinic connected here. The delivery is stored once, under NO_CLINIC (one row per
// platform id keeps a redelivery from storing it twice); processing, which runs once per stored
// event, then files a copy under each clinic, keyed `<event id>~<clinic id>`. A copy per clinic,
// rather than a shared row each timeline also reads, keeps every reader of the timeline (page,
// search, chart, export, "anything new?") on its one-clinic index: one clinic_id, no OR.
import "server-only";
import { NO_CLINIC } from "@/lib/events/record";
import type { DbTx } from "@/lib/events/store";

/** The categories whose events, naming no clinic, are every clinic's news. */
export const CATALOG_CATEGORIES: readonly string[] = ["products"];

export const catalogCopyId = (eventId: string, clinicId: string) => `${eventId}~${clinicId}`;

export interface FiledCopy {
  clinic_id: string;
  category: string;
  type: string;
  created_at: Date;
}

/**
 * Files the given events (stored under NO_CLINIC) under every clinic; returns the copies made now,
 * for the caller to count. A copy already there is left alone (ON CONFLICT), so running twice files
 * nothing twice. A clinic connected later starts with the catalog news that comes after.
 */
export async function fileCatalogNews(tx: DbTx, eventIds: readonly string[]): Promise<FiledCopy[]> {
  if (eventIds.length === 0) return [];
  return tx.$queryRaw<FiledCopy[]>`
    INSERT INTO events (id, clinic_id, integration_id, type, category, created_at, received_at, source, data, data_issue)
    SELECT e.id || '~' || c.id, c.id, e.integration_id, e.type, e.category, e.created_at, e.received_at, e.source,
           e.data, e.data_issue
    FROM events e CROSS JOIN clinics c
    WHERE e.id = ANY(${[...eventIds]}::text[]) AND e.clinic_id = ${NO_CLINIC}
    ON CONFLICT (id) DO NOTHING
    RETURNING clinic_id, category, type, created_at`;
}
