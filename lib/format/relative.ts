// How long ago an instant was ("5 minutes ago", "yesterday", « il y a 5 minutes »), in the reader's
// language and in Intl's own words. Only the browser says it, against its own clock: the server
// cannot know when the page will be read, so it renders the exact time, and components/ui/when.tsx
// says this instead once the page runs. Beyond a week the exact time reads better: null.
/** Each unit and how many of it make the next. */
const STEPS = [
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
] as const;

/** One formatter per language and style: a list of fifty rows asks fifty times, and making one is the costly part. */
const formats = new Map<string, Intl.RelativeTimeFormat>();
function formatter(locale: string, numeric: "auto" | "always"): Intl.RelativeTimeFormat {
  const key = `${locale}|${numeric}`;
  let found = formats.get(key);
  if (!found) formats.set(key, (found = new Intl.RelativeTimeFormat(locale, { numeric })));
  return found;
}

export function relativeTime(at: string | Date, now: number, locale: string): string | null {
  const seconds = (new Date(at).getTime() - now) / 1000;
  if (!Number.isFinite(seconds)) return null;
  // Under a minute, either way (a clock a little ahead included), is "now".
  if (Math.abs(seconds) < 60) return formatter(locale, "auto").format(0, "second");
  // "1 day ago" rather than "yesterday": 30 hours ago may be two days back on the calendar.
  const say = formatter(locale, "always");
  let value = seconds / 60;
  for (const [unit, next] of STEPS) {
    if (Math.abs(value) < next) return say.format(Math.trunc(value), unit);
    value /= next;
  }
  return null;
}
