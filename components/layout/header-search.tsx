"use client";
// The header's search: a field from the lg breakpoint up, Enter opening /search?q=… (a GET form, so
// the results are an ordinary page that Back leaves); below it the header has no room for a field,
// so a button-sized link opens the search page, whose own field takes the focus. On the search page
// itself, that field is the search: the header offers none beside it.
import Form from "next/form";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useId } from "react";
import { useTranslations } from "next-intl";
import { SEARCH_MAX } from "@/lib/search/limits";

export const SEARCH_PATH = "/search";

export function HeaderSearch({ scope }: { scope: string }) {
  const t = useTranslations("header.search");
  const id = useId();
  if (usePathname() === SEARCH_PATH) return null;
  return (
    <>
      <Link
        href={SEARCH_PATH}
        className="inline-flex items-center self-stretch rounded-md border border-slate-300 px-2 text-slate-700 lg:hidden"
      >
        <MagnifierIcon />
        <span className="sr-only">{t("label")}</span>
      </Link>
      <Form action={SEARCH_PATH} role="search" aria-label={t("label")} className="hidden lg:block">
        <label htmlFor={id} className="sr-only">
          {t("label")}
        </label>
        <div className="relative">
          <span className="pointer-events-none absolute inset-y-0 left-2.5 flex items-center text-slate-500">
            <MagnifierIcon />
          </span>
          <input
            id={id}
            name="q"
            type="search"
            maxLength={SEARCH_MAX}
            placeholder={t("placeholder", { scope })}
            className="w-56 rounded-md border border-slate-300 bg-white py-1.5 pl-8 pr-2 text-sm placeholder:text-slate-500 xl:w-64"
          />
        </div>
      </Form>
    </>
  );
}

function MagnifierIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4" fill="none" stroke="currentColor">
      <circle cx="7" cy="7" r="4.5" strokeWidth="1.5" />
      <path d="M10.5 10.5L14 14" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}
