import { describe, expect, it } from "vitest";
import { paginate } from "@/lib/contract";
import { UnexpectedResponseError } from "@/lib/clinic-api/errors";
import { pagesAhead, readAhead, readPagesAtOnce, walkPages, type PageRequest, type PagerOptions } from "./pagination";

/** A platform list of `count` items, paged as the platform pages (lib/contract's arithmetic). */
function list(count: number, nextOf?: (page: number) => number | null) {
  const items = Array.from({ length: count }, (_, i) => i + 1);
  const asked: PageRequest[] = [];
  const fetchPage = async (request: PageRequest) => {
    asked.push(request);
    const page = paginate(items, request.number, request.size);
    return nextOf ? { ...page, meta: { ...page.meta, next_page: nextOf(request.number ?? 1) } } : page;
  };
  return { fetchPage, asked };
}

async function walk(count: number, options?: PagerOptions, nextOf?: (page: number) => number | null) {
  const { fetchPage, asked } = list(count, nextOf);
  const pages = [];
  for await (const page of walkPages(fetchPage, options)) pages.push(page);
  return {
    numbers: pages.map((p) => p.number),
    items: pages.flatMap((p) => p.items).length,
    truncated: pages.map((p) => p.truncated),
    sizes: asked.map((a) => a.size),
  };
}

describe("walkPages: one pager, one set of stop rules", () => {
  it.each<[string, number, PagerOptions | undefined, { numbers: number[]; items: number; truncated: boolean[] }]>([
    ["an empty list: one page, nothing in it", 0, undefined, { numbers: [1], items: 0, truncated: [false] }],
    ["one page", 40, undefined, { numbers: [1], items: 40, truncated: [false] }],
    [
      "until there is no next page",
      250,
      undefined,
      { numbers: [1, 2, 3], items: 250, truncated: [false, false, false] },
    ],
    ["the limit stops it and says so", 250, { maxPages: 2 }, { numbers: [1, 2], items: 200, truncated: [false, true] }],
    [
      "a limit the list does not reach",
      250,
      { maxPages: 3 },
      { numbers: [1, 2, 3], items: 250, truncated: [false, false, false] },
    ],
    ["another page size", 25, { size: 10 }, { numbers: [1, 2, 3], items: 25, truncated: [false, false, false] }],
  ])("%s", async (_name, count, options, expected) => {
    expect(await walk(count, options)).toMatchObject(expected);
  });

  it("asks at the platform's largest page size by default", async () => {
    expect((await walk(150)).sizes).toEqual([100, 100]);
  });

  it.each([
    ["a next page that repeats the current one", (n: number) => n],
    ["a next page behind the current one", (n: number) => (n === 2 ? 1 : n + 1)],
  ])("%s is the platform's error, not a loop", async (_name, nextOf) => {
    await expect(walk(500, undefined, nextOf)).rejects.toBeInstanceOf(UnexpectedResponseError);
  });
});

describe("readAhead: the next page is fetched while the caller works on the current one", () => {
  /** Pages 1..n; records when each fetch starts and when the caller finished with each page. */
  function recorder(n: number) {
    const log: string[] = [];
    async function* pages() {
      for (let i = 1; i <= n; i++) {
        log.push(`fetch ${i}`);
        await new Promise((resolve) => setImmediate(resolve));
        yield i;
      }
    }
    return { log, pages };
  }

  it("asks for page k+1 before the caller is done with page k, and for nothing past the end", async () => {
    const { log, pages } = recorder(3);
    for await (const page of readAhead(pages())) {
      await new Promise((resolve) => setImmediate(resolve));
      log.push(`done ${page}`);
    }
    expect(log).toEqual(["fetch 1", "fetch 2", "done 1", "fetch 3", "done 2", "done 3"]);
  });

  it("passes a fetch's failure to the caller at that page, after the pages before it", async () => {
    async function* failing() {
      yield 1;
      throw new Error("platform down");
    }
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const page of readAhead(failing())) seen.push(page);
      })(),
    ).rejects.toThrow("platform down");
    expect(seen).toEqual([1]);
  });
});

describe("readPagesAtOnce: a first page, then the rest at once", () => {
  /** The list, with the most pages that were ever being fetched at the same moment. */
  function watched(count: number) {
    const { fetchPage, asked } = list(count);
    let open = 0;
    let most = 0;
    const slow = async (request: PageRequest) => {
      open += 1;
      most = Math.max(most, open);
      await new Promise((resolve) => setImmediate(resolve));
      open -= 1;
      return fetchPage(request);
    };
    return { slow, asked, most: () => most };
  }

  it("reads every page in order, the others all in flight together after the first", async () => {
    const w = watched(950);
    const pages = await readPagesAtOnce(w.slow);
    expect(pages.map((p) => p.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pages.flatMap((p) => p.items)).toEqual(Array.from({ length: 950 }, (_, i) => i + 1));
    expect(w.asked[0]).toEqual({ number: 1, size: 100 });
    expect(w.most()).toBe(9);
    expect(pages.map((p) => p.truncated)).toEqual(Array(10).fill(false));
  });

  it("keeps to the limit and says so on the last page read", async () => {
    const w = watched(950);
    const pages = await readPagesAtOnce(w.slow, { maxPages: 4 });
    expect(pages.map((p) => p.number)).toEqual([1, 2, 3, 4]);
    expect(pages.map((p) => p.truncated)).toEqual([false, false, false, true]);
    expect(w.asked).toHaveLength(4);
  });

  it("keeps to the pages in flight it is given", async () => {
    const w = watched(950);
    await readPagesAtOnce(w.slow, { inFlight: 3 });
    expect(w.most()).toBe(3);
    expect(w.asked).toHaveLength(10);
  });

  it("stops after the first page when it told the caller enough", async () => {
    const w = watched(950);
    const pages = await readPagesAtOnce(w.slow, { enough: (first) => first.items.includes(42) });
    expect(pages.map((p) => p.number)).toEqual([1]);
    expect(w.asked).toHaveLength(1);
    expect((await readPagesAtOnce(watched(950).slow, { enough: () => false })).length).toBe(10);
  });

  it("asks once for a list of one page or none", async () => {
    for (const count of [0, 40]) {
      const w = watched(count);
      const pages = await readPagesAtOnce(w.slow);
      expect(pages).toHaveLength(1);
      expect(pages[0]!.items).toHaveLength(count);
      expect(w.asked).toHaveLength(1);
    }
  });
});

describe("pagesAhead: walkPages' pages, fetched ahead", () => {
  async function ahead(count: number, options: Parameters<typeof pagesAhead>[1], grow = 0) {
    const items = Array.from({ length: count }, (_, i) => i + 1);
    const asked: number[] = [];
    let open = 0;
    let most = 0;
    const fetchPage = async (request: PageRequest) => {
      asked.push(request.number ?? 1);
      open += 1;
      most = Math.max(most, open);
      await new Promise((resolve) => setImmediate(resolve));
      open -= 1;
      const page = paginate(items, request.number, request.size);
      if (request.number === 1) items.push(...Array.from({ length: grow }, (_, i) => count + i + 1));
      return page;
    };
    const pages = [];
    for await (const page of pagesAhead(fetchPage, options)) pages.push(page);
    return { pages, asked, most };
  }

  it("gives the pages in order, with the same stop rules, at most `ahead` in flight", async () => {
    const { pages, most } = await ahead(950, { ahead: 3 });
    expect(pages.map((p) => p.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pages.flatMap((p) => p.items)).toHaveLength(950);
    expect(most).toBe(3);
  });

  it("stops at the limit and says so", async () => {
    const { pages, asked } = await ahead(950, { ahead: 8, maxPages: 4 });
    expect(pages.map((p) => p.truncated)).toEqual([false, false, false, true]);
    expect(asked).toEqual([1, 2, 3, 4]);
  });

  it("walks on, one page at a time, through pages the list grew by while it was read", async () => {
    const { pages } = await ahead(250, { ahead: 8 }, 200);
    expect(pages.map((p) => p.number)).toEqual([1, 2, 3, 4, 5]);
    expect(pages.flatMap((p) => p.items)).toHaveLength(450);
  });
});
