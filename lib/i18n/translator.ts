// Translators for server code that names its locale (an email to an admin in their language, a CSV
// export, a test): both catalogs are here, on the server only; a page ships only its own locale's
// (lib/auth/intl-request.ts).
import "server-only";
import { createTranslator, type AbstractIntlMessages } from "use-intl/core";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import en from "@/messages/en.json";
import frCA from "@/messages/fr-CA.json";
import enError from "@/messages/error/en.json";
import frCAError from "@/messages/error/fr-CA.json";

// Keys are checked by the catalogs' test (lib/i18n/catalogs.test.ts), not by the types: server code
// passes keys it holds as data (an action's message).
const CATALOGS: Record<Locale, AbstractIntlMessages> = {
  en: { ...en, ...enError },
  "fr-CA": { ...frCA, ...frCAError },
};

/** Says a catalog key with its values; `has` tells whether a text is a key at all. */
export interface Translator {
  (key: string, values?: Record<string, string | number | Date>): string;
  has(key: string): boolean;
}

export function translatorFor(locale: Locale = DEFAULT_LOCALE): Translator {
  const t = createTranslator({ locale, messages: CATALOGS[locale] });
  const say = (key: string, values?: Record<string, string | number | Date>) => t(key as never, values as never);
  return Object.assign(say, { has: (key: string) => t.has(key as never) });
}
