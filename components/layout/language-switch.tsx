"use client";
// English / français: the choice is kept in this browser (a cookie the server reads on every
// request) and, signed in, on the person's user row; the page is then rendered again in it.
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { useTranslations } from "next-intl";
import { LOCALES, LOCALE_COOKIE, type Locale } from "@/lib/i18n/locales";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function LanguageSwitch({
  current,
  remember,
}: {
  current: string;
  remember?: (input: { locale: Locale }) => Promise<unknown>;
}) {
  const t = useTranslations("header");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const choose = (locale: Locale) =>
    startTransition(async () => {
      document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
      await remember?.({ locale });
      router.refresh();
    });
  return (
    <div role="group" aria-label={t("language")} className="inline-flex rounded-md border border-slate-300 text-xs">
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          disabled={pending}
          aria-pressed={current === locale}
          onClick={() => current !== locale && choose(locale)}
          className={`px-2 py-1 font-medium first:rounded-l-md last:rounded-r-md disabled:opacity-60 ${
            current === locale ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"
          }`}
        >
          {t(`languageName.${locale}`)}
        </button>
      ))}
    </div>
  );
}
