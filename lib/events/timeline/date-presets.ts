// The timeline's date presets on the clinic's clock: today, yesterday, and the last 7 or 30 days
// (today included). Each becomes an ordinary date filter of named days, so the address, a shared link
// and the export say exactly which days were shown. Zod-free: the browser's filter bar uses it.
import { dayFromNumber, dayNumber, formatDateFilter } from "@/lib/contract/date-filter";
import { dayIn } from "@/lib/format/days";

export const DATE_PRESETS = ["today", "yesterday", "last7", "last30"] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** The date filter a preset means at `now` in `timeZone`. */
export function presetFilter(preset: DatePreset, now: Date, timeZone: string): string {
  const today = dayNumber(dayIn(now, timeZone));
  const daysAgo = (n: number) => dayFromNumber(today - n);
  switch (preset) {
    case "today":
      return formatDateFilter({ kind: "on", date: daysAgo(0) });
    case "yesterday":
      return formatDateFilter({ kind: "on", date: daysAgo(1) });
    case "last7":
      return formatDateFilter({ kind: "between", from: daysAgo(6), to: daysAgo(0) });
    case "last30":
      return formatDateFilter({ kind: "between", from: daysAgo(29), to: daysAgo(0) });
  }
}

/** The preset a date filter is at `now`, if it is one. */
export function presetOf(filter: string | undefined, now: Date, timeZone: string): DatePreset | null {
  return DATE_PRESETS.find((preset) => filter === presetFilter(preset, now, timeZone)) ?? null;
}
