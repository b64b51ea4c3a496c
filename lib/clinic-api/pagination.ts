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

/**
 * A list's pages in two round trips: the first, then every other page it announces (its
 * `total_pages`, up to `maxPages`) at once, `inFlight` at a time. For a person's request that needs
 * a whole bounded list: at the platform's distance (50–200 ms a call) twenty pages one after another
 * take seconds, at once about one call's time. Pages come back in order; the last one read carries
 * `truncated` when the limit stopped the read before the list's end.
 */
export async function readPagesAtOnce<T>(
  fetchPage: (page: PageRequest) => Promise<Page<T>>,
  options: PagerOptions & {
    inFlight?: number;
    /** Whether the first page told the caller all it wanted: then the others are not read. */
    enough?: (first: Page<T>) => boolean;
  } = {},
): Promise<Array<WalkedPage<T>>> {
  const size = options.size ?? MAX_PAGE_SIZE;
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const inFlight = Math.max(1, options.inFlight ?? PAGES_IN_FLIGHT);
  const first = await fetchPage({ number: 1, size });
  if (first.meta.next_page !== null && options.enough?.(first)) return [{ ...first, number: 1, truncated: false }];
  const announced = first.meta.next_page === null ? 1 : Math.max(first.meta.total_pages, 2);
  const last = Math.min(announced, maxPages);
  const pages: Array<WalkedPage<T>> = [{ ...first, number: 1, truncated: false }];
  const numbers = Array.from({ length: last - 1 }, (_, i) => i + 2);
  let next = 0;
  const rest: Array<WalkedPage<T>> = [];
  const reader = async () => {
    while (next < numbers.length) {
      const number = numbers[next++]!;
      rest.push({ ...(await fetchPage({ number, size })), number, truncated: false });
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, numbers.length) }, reader));
  pages.push(...rest.sort((a, b) => a.number - b.number));
  const end = pages[pages.length - 1]!;
  end.truncated = announced > last;
  return pages;
}

/**
 * Pages one person's request reads at once. A filtered view of the library reads at most 20 pages;
 * each call still takes its turn from the person's share of the platform's limit (lib/quota), so a
 * burst is bounded by that share as well as by this.
 */
export const PAGES_IN_FLIGHT = 20;

/**
 * The pages of a list in order, as walkPages gives them, but fetched up to `ahead` pages in advance
 * once the first page has said how many there are: at the platform's distance the caller waits about
 * one round trip per `ahead` pages instead of one per page. Pages the list grows by while it is read
 * (past the first page's `total_pages`) are then walked one after another. A caller that stops early
 * leaves at most `ahead` fetches behind, their answers dropped.
 */
export async function* pagesAhead<T>(
  fetchPage: (page: PageRequest) => Promise<Page<T>>,
  options: PagerOptions & { ahead?: number } = {},
): AsyncGenerator<WalkedPage<T>, void, undefined> {
  const size = options.size ?? MAX_PAGE_SIZE;
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const ahead = Math.max(1, options.ahead ?? PAGES_IN_FLIGHT);
  const checked = (page: Page<T>, number: number): WalkedPage<T> => {
    const next = page.meta.next_page;
    if (next !== null && next <= number)
      throw new UnexpectedResponseError(`The platform's pagination did not advance (page ${number} → ${next})`);
    return { ...page, number, truncated: next !== null && number >= maxPages };
  };
  const first = checked(await fetchPage({ number: 1, size }), 1);
  yield first;
  if (first.meta.next_page === null || first.truncated) return;
  const announced = Math.min(Math.max(first.meta.total_pages, 2), maxPages);
  const queue: Array<Promise<Page<T>>> = [];
  let asked = 1;
  const fill = () => {
    while (queue.length < ahead && asked < announced) {
      const fetched = fetchPage({ number: ++asked, size });
      fetched.catch(() => undefined); // awaited in turn; never unhandled if the walk ends first
      queue.push(fetched);
    }
  };
  fill();
  let last: WalkedPage<T> = first;
  for (let number = 2; queue.length > 0; number++) {
    last = checked(await queue.shift()!, number);
    fill();
    yield last;
    if (last.meta.next_page === null || last.truncated) return;
  }
  // The list grew while it was read: the rest one page after another, as walkPages goes.
  for (let number = last.meta.next_page ?? 0; number > last.number;) {
    last = checked(await fetchPage({ number, size }), number);
    yield last;
    if (last.meta.next_page === null || last.truncated) return;
    number = last.meta.next_page;
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
