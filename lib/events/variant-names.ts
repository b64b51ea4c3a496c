// What a variant is called, from the clinic's product events: orders and plans name a product only
// by a variant id (on the patient's page and in an event's drawer), and the platform's product lookups are restricted, so the app names a variant by
// the newest product event that lists it (product.created carries the product directly in `data`,
// the updates under `data.product`). A variant no product event listed stays unnamed: the page then
// says "Product" and shows the variant id as secondary detail.
import "server-only";
import type { Db } from "@/lib/db";

export interface VariantName {
  product: string;
  brand: string | null;
}

/** At most this many ids per read: a page's orders and plans name far fewer. */
const MAX_IDS = 500;

export async function variantNames(
  db: Db,
  clinicId: string,
  variantIds: readonly string[],
): Promise<Record<string, VariantName>> {
  const ids = [...new Set(variantIds)].slice(0, MAX_IDS);
  if (ids.length === 0) return {};
  const rows = await db.$queryRaw<{ variant_id: string; product: string | null; brand: string | null }[]>`
    SELECT DISTINCT ON (v->>'id') v->>'id' AS variant_id,
           COALESCE(e.data->'product'->>'name', e.data->>'name') AS product,
           COALESCE(e.data->'product'->'brand'->>'name', e.data->'brand'->>'name') AS brand
    FROM events e
    CROSS JOIN LATERAL jsonb_array_elements(
      CASE WHEN jsonb_typeof(COALESCE(e.data->'product'->'variants', e.data->'variants')) = 'array'
           THEN COALESCE(e.data->'product'->'variants', e.data->'variants') ELSE '[]'::jsonb END) v
    WHERE e.clinic_id = ${clinicId} AND e.category = 'products' AND v->>'id' = ANY(${ids}::text[])
    ORDER BY v->>'id', e.created_at DESC`;
  return Object.fromEntries(
    rows.flatMap((r) => (r.product?.trim() ? [[r.variant_id, { product: r.product.trim(), brand: r.brand }]] : [])),
  );
}
