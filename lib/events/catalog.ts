// Catalog news: product events name no clinic (the documented product.created carries no
// clinic_id) and no product id, so the clinics that use the product cannot be known. They are
// news for every clinic connected here. The delivery is stored once, under NO_CLINIC (one row per
// platform id keeps a redelivery from storing it twice); processing, which runs once per stored
// event, then files a copy under each clinic, keyed `<event id>~<clinic id>`. A copy per clinic,
// rather than a shared row each timeline also reads, keeps every reader of the timeline (page,
// search, chart, export, "anything new?") on its one-clinic index: one clinic_id, no OR.
// What a copy costs is bounded, since it is paid once per clinic: a copy holds a slim record (no
// description, short texts, a few variants: what the timeline's line and a search by name, brand
// or SKU read), never the whole of a 200 KB product, and only clinics with a connection that is not
// revoked get one. The drawer reads the original for the whole record (catalogOriginalId).
import "server-only";
import { NO_CLINIC } from "@/lib/events/record";
import type { DbTx } from "@/lib/db";

/** The categories whose events, naming no clinic, are every clinic's news. */
export const CATALOG_CATEGORIES: readonly string[] = ["products"];

export const catalogCopyId = (eventId: string, clinicId: string) => `${eventId}~${clinicId}`;

/** The stored original of a catalog copy's id, or null for an id that is not a copy's. */
export function catalogOriginalId(id: string, category: string): string | null {
  const at = id.lastIndexOf("~");
  return at > 0 && CATALOG_CATEGORIES.includes(category) ? id.slice(0, at) : null;
}

/** Keys a copy leaves out: long texts that only the drawer shows, from the original. */
const LEFT_OUT = new Set(["description_html", "description"]);
const TEXT_CHARS = 200;
const LIST_ITEMS = 10;
const DEPTH = 4;
/** A slim record larger than this keeps its name and brand only. */
export const COPY_MAX_BYTES = 4096;

function slimmed(value: unknown, depth: number): unknown {
  if (typeof value === "string") return value.length > TEXT_CHARS ? `${value.slice(0, TEXT_CHARS)}…` : value;
  if (value === null || typeof value !== "object") return value;
  if (depth >= DEPTH) return undefined;
  if (Array.isArray(value)) return value.slice(0, LIST_ITEMS).map((item) => slimmed(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !LEFT_OUT.has(key))
      .map(([key, item]) => [key, slimmed(item, depth + 1)]),
  );
}

/** The part of a product that names it: its name and its brand's. */
function nameAndBrand(record: unknown): Record<string, unknown> {
  if (!record || typeof record !== "object") return {};
  const { name, brand } = record as Record<string, unknown>;
  const brandName = brand && typeof brand === "object" ? (brand as Record<string, unknown>).name : brand;
  return { name: slimmed(name, DEPTH), brand: brand === undefined ? undefined : { name: slimmed(brandName, DEPTH) } };
}

/**
 * What a clinic's copy of a catalog event holds: the event's data with long texts left out and the
 * rest cut short; when that is still large, the product's name and brand alone, where they were.
 */
export function catalogCopyData(data: unknown): unknown {
  const slim = slimmed(data, 0);
  if (JSON.stringify(slim ?? null).length <= COPY_MAX_BYTES) return slim;
  // The documented product.created holds the product in `data`, its updates under `data.product`.
  const under = data && typeof data === "object" && "product" in data ? "product" : null;
  const record = under ? (data as Record<string, unknown>)[under] : data;
  return under ? { [under]: nameAndBrand(record) } : nameAndBrand(record);
}

export interface FiledCopy {
  clinic_id: string;
  category: string;
  type: string;
  created_at: Date;
}

/**
 * Files the given events (stored under NO_CLINIC; `data` as processing read it, null when it was set
 * aside) under every clinic with a connection that is not revoked; returns the copies made now, for
 * the caller to count. A copy already there is left alone (ON CONFLICT), so running twice files
 * nothing twice. A clinic connected later starts with the catalog news that comes after.
 */
export async function fileCatalogNews(
  tx: DbTx,
  events: ReadonlyArray<{ id: string; data: unknown }>,
): Promise<FiledCopy[]> {
  if (events.length === 0) return [];
  const ids = events.map((e) => e.id);
  const copies = events.map((e) => (e.data == null ? null : JSON.stringify(catalogCopyData(e.data))));
  return tx.$queryRaw<FiledCopy[]>`
    INSERT INTO events (id, clinic_id, integration_id, type, category, created_at, received_at, source, data, data_issue)
    SELECT e.id || '~' || c.id, c.id, e.integration_id, e.type, e.category, e.created_at, e.received_at, e.source,
           COALESCE(s.copy::jsonb, e.data), e.data_issue
    FROM unnest(${ids}::text[], ${copies}::text[]) AS s(id, copy)
    JOIN events e ON e.id = s.id AND e.clinic_id = ${NO_CLINIC}
    CROSS JOIN clinics c
    WHERE EXISTS (SELECT 1 FROM platform_connections pc WHERE pc.clinic_id = c.id AND pc.state <> 'revoked')
    ORDER BY c.id, e.id
    ON CONFLICT (id) DO NOTHING
    RETURNING clinic_id, category, type, created_at`;
}
