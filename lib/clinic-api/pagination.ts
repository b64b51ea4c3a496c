// Paged lists (spec 2.6, 4.6): one page for the UI, or the one pager every walk through a list uses:
// pages in order from the first, following `meta.next_page`, at the largest page size the platform
// allows, up to a page limit. Stop rules, once for all: no next page ends the walk; the limit ends it
// with `truncated` set on the last page read; a next page that does not move forward is the
// platform's error (it would loop for ever).
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

/** The most pages one walk reads unless told otherwise: 100,000 items at 100 a page. */
export const DEFAULT_MAX_PAGES = 1000;

export interface PagerOptions {
  /** Items per page; the platform's largest by default. */
  size?: number;
  /** Pages read at most; the walk's last page then carries `truncated`. */
  maxPages?: number;
}

export interface WalkedPage<T> extends Page<T> {
  /** 1-based. */
  number: number;
  /** Set on the last page read when the limit stopped the walk before the list's end. */
  truncated: boolean;
}

/** The pages of a list, fetched lazily as the caller iterates. */
export async function* walkPages<T>(
  fetchPage: (page: PageRequest) => Promise<Page<T>>,
  options: PagerOptions = {},
): AsyncGenerator<WalkedPage<T>, void, undefined> {
  const size = options.size ?? MAX_PAGE_SIZE;
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  for (let number = 1; ;) {
    const page = await fetchPage({ number, size });
    const next = page.meta.next_page;
    if (next !== null && next <= number)
      throw new UnexpectedResponseError(`The platform's pagination did not advance (page ${number} → ${next})`);
    const truncated = next !== null && number >= maxPages;
    yield { ...page, number, truncated };
    if (next === null || truncated) return;
    number = next;
  }
}

/**
 * The same pages, each next one requested as soon as the current one is handed out, so fetching
 * overlaps the caller's work on it. Nothing more is fetched than a caller reading to the end would
 * fetch; one that stops early may have caused one page more.
 */
export async function* readAhead<T>(pages: AsyncIterable<T>): AsyncGenerator<T, void, undefined> {
  const iterator = pages[Symbol.asyncIterator]();
  let next = iterator.next();
  try {
    for (;;) {
      const current = await next;
      if (current.done) return;
      next = iterator.next();
      next.catch(() => undefined); // awaited on the next turn; never an unhandled rejection meanwhile
      yield current.value;
    }
  } finally {
    await iterator.return?.();
  }
}

/** Every item of a list (up to the page limit), page by page, fetched lazily as the caller iterates. */
export async function* iterateAll<T>(
  fetchPage: (page: PageRequest) => Promise<Page<T>>,
  options: PagerOptions = {},
): AsyncGenerator<T, void, undefined> {
  for await (const page of walkPages(fetchPage, options)) yield* page.items;
}

/** Collects an iterator into an array (for small lists and tests). */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
