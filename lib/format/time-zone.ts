// Which time zones a clinic may choose: IANA names the JavaScript runtime knows (Intl), shared by the
// settings form (its list) and the server's check of what was sent.

/** The clinic's zone until an admin chooses one (the settings page offers their browser's zone). */
export const DEFAULT_CLINIC_TIME_ZONE = "America/Toronto";

/** Whether `name` is an IANA time zone name ("America/Vancouver", "Asia/Kolkata", "UTC"). */
export function isTimeZone(name: string): boolean {
  // Intl also takes offsets ("+05:30") and odd spellings; a clinic's zone is a region's name.
  if (!/^(UTC|[A-Z][A-Za-z_-]+(\/[A-Za-z0-9_+-]+){1,2})$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

// ICU (and so Intl) still lists some zones under names IANA has since replaced: people look for the new ones.
const RENAMED: Record<string, string> = {
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Asia/Rangoon": "Asia/Yangon",
  "Europe/Kiev": "Europe/Kyiv",
  "America/Godthab": "America/Nuuk",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Pacific/Enderbury": "Pacific/Kanton",
};

/** A zone under the name IANA gives it now ("Asia/Calcutta" → "Asia/Kolkata"). */
export function currentZoneName(name: string): string {
  return RENAMED[name] ?? name;
}

/** The zones offered in the settings form: every IANA zone, plus UTC and `keep` if missing. */
export function timeZoneChoices(...keep: Array<string | null | undefined>): string[] {
  const zones = new Set(Intl.supportedValuesOf("timeZone").map(currentZoneName));
  zones.add("UTC");
  for (const zone of keep) if (zone && isTimeZone(zone)) zones.add(zone);
  return [...zones].sort();
}
