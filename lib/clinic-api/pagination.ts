// Paged lists (spec 2.6, 4.6): one page for the UI, or every item through an async iterator that
// walks `meta.next_page` at the largest page size the platform allows.
import { MAX_PAGE_SIZE, PAGE_PARAMS, type PaginationMeta } from "@/lib/contract";
import { UnexpectedResponseError } from "@/lib/clinic-api/errors";

export interface PageRequest {
  /** 1-based. */
  number?: number;
  /** At most 100. */
  size?: number;
}

export interface Page<T> {
  items: T[];
  meta: PaginationMeta;
}

export function pageQuery(page: PageRequest = {}): Record<string, number | undefined> {
  if (page.size !== undefined && (page.size < 1 || page.size > MAX_PAGE_SIZE)) {
    throw new RangeError(`page size must be between 1 and ${MAX_PAGE_SIZE}`);
  }
  return { [PAGE_PARAMS.number]: page.number, [PAGE_PARAMS.size]: page.size };
}

/** Every item of a list, page by page (100 at a time), fetched lazily as the caller iterates. */
export async function* iterateAll<T>(
  fetchPage: (page: PageRequest) => Promise<Page<T>>,
): AsyncGenerator<T, void, undefined> {
  let number = 1;
  for (;;) {
    const page = await fetchPage({ number, size: MAX_PAGE_SIZE });
    yield* page.items;
    const next = page.meta.next_page;
    if (next === null) return;
    // A next page that does not move forward would loop for ever.
    if (next <= number)
      throw new UnexpectedResponseError(`The platform's pagination did not advance (page ${number} → ${next})`);
    number = next;
  }
}

/** Collects an iterator into an array (for small lists and tests). */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
