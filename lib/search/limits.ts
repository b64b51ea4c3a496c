// The header search's sizes, apart from its rules (./parts.ts) so the browser's search fields can
// take the longest search without the rules' words.

/** Rows shown per part; each part's "See all" opens its section with the whole list. */
export const PART_SIZE = 5;

/** The longest search the patients and events sections take (their schemas' max). */
export const SEARCH_MAX = 200;

/** The resources page reads at most this much of its address's search (use-address-filter.ts). */
export const RESOURCE_SEARCH_MAX = 100;
