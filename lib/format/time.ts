// The one way the app writes an instant or a day for people: a pure function of the value, the time
// zone and the locale, so the server's render and the browser's agree (no hydration mismatch). The
// zone's offset and name come from the app's own copy of the zone rules (./zone-rules.ts), never from
// the runtime's, which differ between Node and the browser; Intl only writes the wall-clock time, in
// UTC. Pages pass the clinic's zone (components/ui/when.tsx).
// Defaults: UTC, labelled as such, in British English's "22 Nov 2026, 14:05" order.
import { instantOfWallTime, zoneAt, zoneRules } from "@/lib/format/zone-rules";

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

/** The app's rules for a clinic's zone; none for UTC, which needs no offset and is named "UTC". */
export const zoneRulesOf = (timeZone: string) => (timeZone === "UTC" ? null : zoneRules(timeZone));

/** "22 Nov 2026, 14:05 UTC" — an instant in the given zone, with the zone named. */
export function formatTime(value: string | Date, format: TimeFormat = {}): string {
  const { timeZone, locale } = { ...DEFAULT_TIME_FORMAT, ...format };
  const ms = new Date(value).getTime();
  const style = STYLES[format.show ?? "date-time"];
  const rules = zoneRulesOf(timeZone);
  if (!rules) {
    // UTC, or a zone this runtime has no rules for (not one a clinic can choose): Intl's own.
    const text = formatter(locale, { ...style, timeZone }).format(ms);
    return `${text} ${timeZone === "UTC" ? "UTC" : intlZoneName(timeZone, locale, ms)}`;
  }
  const { offsetMinutes, abbr } = zoneAt(rules, ms);
  const text = formatter(locale, { ...style, timeZone: "UTC" }).format(ms + offsetMinutes * 60_000);
  return `${text} ${everydayName(timeZone, abbr, locale) ?? zoneLabel(abbr, offsetMinutes, locale)}`;
}

// Which of North America's named times an abbreviation belongs to, and which one people in a zone say
// they keep. They part where a place changed its clock but not its name: British Columbia keeps UTC−7
// all year from November 2026, which the rules call "MST", while Vancouver still says Pacific time
// (and Alberta's year-round UTC−6 is "CST" to the rules, Mountain time to Albertans).
const REGION_OF_ABBR: Record<string, string> = {
  PST: "pacific",
  PDT: "pacific",
  MST: "mountain",
  MDT: "mountain",
  CST: "central",
  CDT: "central",
};
const REGION_OF_ZONE: Record<string, string> = { "America/Vancouver": "pacific", "America/Edmonton": "mountain" };
const REGION_NAMES: Record<string, { en: string; fr: string }> = {
  pacific: { en: "Pacific time", fr: "heure du Pacifique" },
  mountain: { en: "Mountain time", fr: "heure des Rocheuses" },
};

/** "Pacific time" where the zone's abbreviation names another region than the one its people say; else null. */
function everydayName(timeZone: string, abbr: string, locale: string): string | null {
  const region = REGION_OF_ZONE[timeZone];
  if (!region || REGION_OF_ABBR[abbr] === region || !(abbr in REGION_OF_ABBR)) return null;
  return REGION_NAMES[region][locale.startsWith("fr") ? "fr" : "en"];
}

// Canadian French names of the North American zones' abbreviations ("HNE" for heure normale de l'Est).
const FRENCH_NAMES: Record<string, string> = {
  NST: "HNT",
  NDT: "HAT",
  AST: "HNA",
  ADT: "HAA",
  EST: "HNE",
  EDT: "HAE",
  CST: "HNC",
  CDT: "HAC",
  MST: "HNR",
  MDT: "HAR",
  PST: "HNP",
  PDT: "HAP",
};

// North American names people here read at a glance; elsewhere a letter code can mean several zones
// ("IST" is Indian, Irish and Israeli time), so the offset is written instead.
const NAMED = new Set([...Object.keys(FRENCH_NAMES), "AKST", "AKDT", "HST", "HDT"]);

/**
 * The zone's short name at that instant, from the rules: "EST", "PDT" ("HNE" in Canadian French), for
 * North American zones, else the offset ("GMT+5:30").
 */
function zoneLabel(abbr: string, offsetMinutes: number, locale: string): string {
  if (NAMED.has(abbr)) return locale.startsWith("fr") ? (FRENCH_NAMES[abbr] ?? abbr) : abbr;
  if (offsetMinutes === 0) return "GMT";
  const sign = offsetMinutes < 0 ? "-" : "+";
  const hours = Math.floor(Math.abs(offsetMinutes) / 60);
  const minutes = Math.abs(offsetMinutes) % 60;
  return `GMT${sign}${hours}${minutes ? `:${String(minutes).padStart(2, "0")}` : ""}`;
}

function intlZoneName(timeZone: string, locale: string, ms: number): string {
  const namesLocale = locale.startsWith("en") ? "en-US" : locale;
  const parts = formatter(namesLocale, { timeZone, timeZoneName: "short" }).formatToParts(ms);
  return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

/**
 * A clinic's zone as people name it, for a page's "times are in …": its city and the name its clock
 * goes by at `at`, "Toronto (EST)", "Vancouver (Pacific time)", « Montréal (HNE) »; not an IANA name.
 */
export function zoneForPeople(timeZone: string, locale: string = DEFAULT_TIME_FORMAT.locale, at = Date.now()): string {
  if (timeZone === "UTC") return "UTC";
  const city = (timeZone.split("/").pop() ?? timeZone).replaceAll("_", " ");
  const rules = zoneRulesOf(timeZone);
  if (!rules) return `${city} (${intlZoneName(timeZone, locale, at)})`;
  const { offsetMinutes, abbr } = zoneAt(rules, at);
  return `${city} (${everydayName(timeZone, abbr, locale) ?? zoneLabel(abbr, offsetMinutes, locale)})`;
}

/** Minutes east of UTC of `timeZone` at the instant, from the app's rules (0 for UTC or an unknown zone). */
export function offsetMinutesIn(value: string | Date | number, timeZone: string): number {
  const rules = zoneRulesOf(timeZone);
  return rules ? zoneAt(rules, new Date(value).getTime()).offsetMinutes : 0;
}

/** The instant at which the clock of `timeZone` reads the wall time `localMs` (written as if UTC). */
export function instantOfLocalTime(localMs: number, timeZone: string): Date {
  const rules = zoneRulesOf(timeZone);
  return new Date(rules ? instantOfWallTime(rules, localMs) : localMs);
}

/** "2026-11-22T23:11:05-08:00" — an instant in `timeZone` as ISO 8601 with its offset (for exports). */
export function isoIn(value: string | Date, timeZone: string): string {
  const ms = new Date(value).getTime();
  const offset = offsetMinutesIn(ms, timeZone);
  const wall = new Date(ms + offset * 60_000).toISOString().slice(0, 23);
  const sign = offset < 0 ? "-" : "+";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${wall}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** "22 Nov" — a calendar day (`YYYY-MM-DD`, already a day of the clinic's clock: no zone applies). */
export function formatDay(day: string, format: Pick<TimeFormat, "locale"> = {}): string {
  const locale = format.locale ?? DEFAULT_TIME_FORMAT.locale;
  return formatter(locale, { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}
