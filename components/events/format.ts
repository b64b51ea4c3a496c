// How the timeline names and colours categories and shows delays (times: lib/format/time.ts). The
// names are the catalogs' `events.categories.*`; `say` is the reader's translator.
import type { Say } from "@/lib/i18n/say";
import { eventTypeNameKey, isEventType } from "@/lib/contract/event-types";
import { TIMELINE_CATEGORIES, type StoredCategory } from "@/lib/events/categories";

// Distinguishable for common colour-vision deficiencies (Okabe–Ito), and never the only cue: the
// legend and the table name every series.
export const CATEGORY_COLORS: Record<string, string> = {
  clinic_keys: "#E69F00",
  lab_orders: "#56B4E9",
  orders: "#009E73",
  patients: "#0072B2",
  products: "#D55E00",
  treatment_plans: "#CC79A7",
  other: "#7f7f7f",
} satisfies Record<StoredCategory, string>;

const KNOWN: readonly string[] = TIMELINE_CATEGORIES;
export const categoryLabel = (c: string, say: Say) => (KNOWN.includes(c) ? say(`events.categories.${c}`) : c);

/**
 * An event type in words ("Order placed" for `order.placed`, the catalogs' `events.typeNames.*`).
 * A type the platform added since is shown by its own name, made readable ("visit scheduled").
 */
export function typeLabel(type: string, say: Say): string {
  if (isEventType(type)) return say(eventTypeNameKey(type));
  return type.replaceAll(/[._]/g, " ");
}

/** "< 1 s", "42 s", "3 min", "2 h 5 min", "3 d" (the catalogs' `events.delay`). */
export function formatDelay(ms: number, say: Say): string {
  const s = Math.round(ms / 1000);
  if (s < 1) return say("events.delay.underSecond");
  if (s < 60) return say("events.delay.seconds", { s });
  const m = Math.round(s / 60);
  if (m < 60) return say("events.delay.minutes", { m });
  const h = Math.floor(m / 60);
  if (h < 48) return m % 60 ? say("events.delay.hoursMinutes", { h, m: m % 60 }) : say("events.delay.hours", { h });
  return say("events.delay.days", { d: Math.round(h / 24) });
}
