import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage } from "@/lib/i18n/locales";

describe("localeFromAcceptLanguage", () => {
  const rows: [string | null, string][] = [
    [null, "en"],
    ["", "en"],
    ["fr-CA,fr;q=0.9,en;q=0.8", "fr-CA"],
    ["fr", "fr-CA"],
    ["fr-FR", "fr-CA"],
    ["en-CA,fr-CA;q=0.9", "en"],
    ["de-DE,fr;q=0.5,en;q=0.4", "fr-CA"],
    ["en;q=0.3,fr;q=0.7", "fr-CA"],
    ["de,es", "en"],
    ["fr;q=0,en", "en"],
    ["*", "en"],
  ];
  it.each(rows)("%s → %s", (header, locale) => expect(localeFromAcceptLanguage(header)).toBe(locale));
});
