"use client";
// The last boundary: when the root layout itself fails (the header reads the session, which needs
// the database), this replaces the whole document, so it brings its own <html>, <body>, styles and
// words: the layout's catalog is gone with it, so the language is the one the browser remembers or
// asks for, and only the error page's own small catalogs (messages/error/) come along: this module
// loads with every page, so it must not pull in the main catalogs.
import { IntlProvider, createTranslator } from "next-intl";
import ErrorPage from "@/app/error";
import { LOCALE_COOKIE, isLocale, localeFromAcceptLanguage, type Locale } from "@/lib/i18n/locales";
import en from "@/messages/error/en.json";
import frCA from "@/messages/error/fr-CA.json";
import "./globals.css";

const WORDS: Record<Locale, typeof en> = { en, "fr-CA": frCA };

function browserLocale(): Locale {
  if (typeof document === "undefined") return "en";
  const chosen = document.cookie
    .split("; ")
    .find((c) => c.startsWith(`${LOCALE_COOKIE}=`))
    ?.split("=")[1];
  return isLocale(chosen) ? chosen : localeFromAcceptLanguage(navigator.languages.join(","));
}

export default function GlobalError(props: { error: unknown; retry: () => void }) {
  const locale = browserLocale();
  const words = WORDS[locale];
  const t = createTranslator({ locale, messages: words });
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <title>{t("error.documentTitle")}</title>
        <IntlProvider locale={locale} messages={words} timeZone="UTC">
          <main id="main" className="mx-auto max-w-7xl px-4 py-8">
            <ErrorPage {...props} />
          </main>
        </IntlProvider>
      </body>
    </html>
  );
}
