// What an address with no page shows, and what a page answers (404) when the caller's role may not
// open it: the guards call notFound() so as not to confirm the page exists.
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("notFound"))("title") };
}

export default async function NotFound() {
  const t = await getTranslations("notFound");
  return (
    <section
      aria-labelledby="not-found-title"
      className="mx-auto max-w-xl space-y-4 rounded-lg border border-slate-200 bg-white p-6"
    >
      <h1 id="not-found-title" className="text-xl font-semibold">
        {t("title")}
      </h1>
      <p className="text-slate-700">{t("body")}</p>
      <Link href="/" className="inline-block text-sm font-medium text-brand-700 underline">
        {t("home")}
      </Link>
    </section>
  );
}
