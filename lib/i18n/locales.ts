// The app's languages and how a browser's Accept-Language picks one. Not server-only: the language
// switch reads the list and the cookie's name. Canadian French is the French the app speaks, so any
// French the browser asks for (fr, fr-FR, fr-CA…) gets it.
export const LOCALES = ["en", "fr-CA"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The browser's remembered choice; the signed-in user's row keeps it across browsers. */
export const LOCALE_COOKIE = "NEXT_LOCALE";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The locale dates and times are written in (lib/format/time.ts): English keeps the formatter's own
 * day-month order ("22 Nov 2026, 14:05"); French is written the Canadian French way.
 */
export function timeLocale(locale: string): string | undefined {
  return locale === "fr-CA" ? "fr-CA" : undefined;
}

/** The first language of the header (by quality) that the app speaks: English or French, else English. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  const ranked = (header ?? "")
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = tag.split("-")[0];
    if (language === "fr") return "fr-CA";
    if (language === "en") return "en";
  }
  return DEFAULT_LOCALE;
}
