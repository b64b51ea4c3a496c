// The categories the event store files events under: the contract's lists, and "other" for types
// beyond spec 6.1. Zod-free, so the timeline's filters in the browser can import them.
import { EVENT_CATEGORIES, type EventCategory } from "@/lib/contract/event-types";

export const OTHER_CATEGORY = "other";
export type StoredCategory = EventCategory | typeof OTHER_CATEGORY;

/** What the timeline's category filter offers. */
export const TIMELINE_CATEGORIES = [...EVENT_CATEGORIES, OTHER_CATEGORY] as const;
