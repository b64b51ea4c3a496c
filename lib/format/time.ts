// The one way the app writes an instant or a day for people: a pure function of the value, the time
// zone and the locale, so the server's render and the browser's agree (no hydration mismatch). Pages
// pass the clinic's zone (components/ui/when.tsx); a clinic's language can be passed in later.
// Defaults: UTC, labelled as such, in British English's "22 Nov 2026, 14:05" order.
import { TZDate } from "@date-fns/tz";
export interface TimeFormat {
  /** An IANA time zone, e.g. "America/Toronto". */
  timeZone?: string;
  /** A BCP 47 locale, e.g. "fr-CA". */
  locale?: string;
  /** "date-time" (default), "date" (the day only), "time-seconds" (the time of day only), or with seconds. */
  show?: "date-time" | "date-time-seconds" | "time-seconds" | "date";
}

export const DEFAULT_TIME_FORMAT = { timeZone: "UTC", locale: "en-GB" } as const;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) formats.set(key, (found = new Intl.DateTimeFormat(locale, options)));
  return found;
}

const STYLES: Record<NonNullable<TimeFormat["show"]>, Intl.DateTimeFormatOptions> = {
  "date-time": { dateStyle: "medium", timeStyle: "short" },
  "date-time-seconds": { dateStyle: "medium", timeStyle: "medium" },
  "time-seconds": { timeStyle: "medium" },
  date: { dateStyle: "medium" },
};

/** "22 Nov 2026, 14:05 UTC" — an instant in the given zone, with the zone named. */
export function formatTime(value: string | Date, format: TimeFormat = {}): string {
  const { timeZone, locale } = { ...DEFAULT_TIME_FORMAT, ...format };
  const text = formatter(locale, { ...STYLES[format.show ?? "date-time"], timeZone }).format(new Date(value));
  return `${text} ${zoneLabel(timeZone, locale, value)}`;
}

/**
 * The zone's short name at that instant: "EST", "PDT" in English (North American names, which the
 * British English of the date leaves as "GMT-5"), "HNE" in Canadian French, else an offset
 * ("GMT+5:30") where the language has no name for the zone.
 */
function zoneLabel(timeZone: string, locale: string, value: string | Date): string {
  if (timeZone === "UTC") return "UTC";
  const namesLocale = locale.startsWith("en") ? "en-US" : locale;
  const parts = formatter(namesLocale, { timeZone, timeZoneName: "short" }).formatToParts(new Date(value));
  return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

/** "2026-11-22T23:11:05-08:00" — an instant in `timeZone` as ISO 8601 with its offset (for exports). */
export function isoIn(value: string | Date, timeZone: string): string {
  return new TZDate(new Date(value).getTime(), timeZone).toISOString();
}

/** "22 Nov" — a calendar day (`YYYY-MM-DD`, already a day of the clinic's clock: no zone applies). */
export function formatDay(day: string, format: Pick<TimeFormat, "locale"> = {}): string {
  const locale = format.locale ?? DEFAULT_TIME_FORMAT.locale;
  return formatter(locale, { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}
