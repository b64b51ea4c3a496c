// The language of the request being served, and translators for server code (pages, actions, routes,
// emails). The person's choice comes first (this browser's cookie, else the one stored on their user
// row, so it follows them to another browser), then the browser's Accept-Language, then English.
// Outside a request (jobs, the alert emails' worker) callers name the locale themselves.
import "server-only";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { getCurrentUser } from "@/lib/auth/guards";
import { DEFAULT_LOCALE, LOCALE_COOKIE, isLocale, localeFromAcceptLanguage, type Locale } from "@/lib/i18n/locales";
import { translatorFor, type Translator } from "@/lib/i18n/translator";

export { translatorFor, type Translator };

export const requestLocale = cache(async (): Promise<Locale> => {
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(chosen)) return chosen;
  const user = await getCurrentUser();
  if (isLocale(user?.locale)) return user.locale;
  return localeFromAcceptLanguage((await headers()).get("accept-language"));
});

/** The caller's locale; English where there is no request (a test calling an action or route directly). */
export async function callerLocale(): Promise<Locale> {
  try {
    return await requestLocale();
  } catch {
    return DEFAULT_LOCALE; // cookies()/headers() outside a request
  }
}

/** The caller's translator (see callerLocale). */
export async function requestTranslator(): Promise<Translator> {
  return translatorFor(await callerLocale());
}
