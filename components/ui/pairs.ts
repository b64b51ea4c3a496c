// A definition list of "label value" pairs: two columns from the sm breakpoint up, stacked on a phone,
// and long values (addresses, keys, ids) wrap instead of widening the page.
export const PAIRS_GRID =
  "grid grid-cols-1 gap-x-6 sm:grid-cols-[max-content_minmax(0,1fr)] [&_dd]:min-w-0 [&_dd]:[overflow-wrap:anywhere]";
