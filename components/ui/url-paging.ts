// A list's page and page size as its address gives them, read the same way by the server (a page's
// first rows, rendered with it) and by the browser (components/ui/use-url-paging.ts): values outside
// the list's sizes or below 1 fall back to the defaults.

export function pagingOf(
  param: (name: string) => string | null | undefined,
  sizes: readonly number[],
  defaultSize: number,
): { page: number; size: number } {
  const rawPage = Number(param("page"));
  const rawSize = Number(param("size"));
  return {
    page: Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1,
    size: sizes.includes(rawSize) ? rawSize : defaultSize,
  };
}

/** A search kept in the address (?q=…), as a list reads it: trimmed, at most 200 characters. */
export const searchOf = (param: (name: string) => string | null | undefined): string =>
  (param("q") ?? "").trim().slice(0, 200);
