// The timeline's filters as the browser holds them, zod-free; the server parses them with
// TimelineFiltersSchema (./filters), whose output is this same type.
import type { TIMELINE_CATEGORIES } from "@/lib/events/categories";

export type TimelineFilters = {
  category?: (typeof TIMELINE_CATEGORIES)[number];
  type?: string;
  date?: string;
  q?: string;
  /** Newest first unless "oldest". Not a filter: it orders what the filters select. */
  sort?: "newest" | "oldest";
};

/** Whether any filter narrows the list (the sort order does not). */
export const isFiltered = ({ sort: _sort, ...filters }: TimelineFilters) => Object.values(filters).some(Boolean);
