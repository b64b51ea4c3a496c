// One search across the sections a person may open (the header's search box): up to a few patients,
// events and resources, each part read as its own section reads it (./reads.ts) and shown as it comes,
// with "See all" into that section. An ordinary page at /search?q=…, so Back and a shared link work.
import type { Metadata } from "next";
import { Suspense } from "react";
import { getTranslations } from "next-intl/server";
import { requireUser } from "@/lib/auth/guards";
import { searchKinds, searchQueryOf, searchScope } from "@/lib/search/parts";
import { SearchForm } from "@/components/search/search-form";
import { EventsPart, PartLoading, PatientsPart, ResourcesPart } from "@/components/search/result-parts";
import { startReads } from "@/app/search/reads";

type Params = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Params): Promise<Metadata> {
  const [t, query] = await Promise.all([getTranslations("search"), searchParams.then((p) => searchQueryOf(p.q))]);
  return { title: query.kind === "ok" ? t("titleFor", { q: query.q }) : t("title") };
}
export const dynamic = "force-dynamic";

export default async function SearchPage({ searchParams }: Params) {
  const { user } = await requireUser();
  const [t, say, params] = await Promise.all([getTranslations("search"), getTranslations(), searchParams]);
  const query = searchQueryOf(params.q);
  const kinds = searchKinds(user);
  const scope = searchScope(kinds);
  const typed = (Array.isArray(params.q) ? params.q[0] : params.q) ?? "";
  const q = query.kind === "ok" ? query.q : "";
  const reads = q ? startReads(kinds, q) : {};
  return (
    <section className="space-y-6">
      <header className="space-y-3">
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{q ? t("resultsFor", { q }) : t("title")}</h1>
        <SearchForm
          value={typed.trim()}
          scope={scope}
          error={query.kind === "refused" ? say(query.message, query.values) : undefined}
          focus={!q}
        />
      </header>
      {query.kind === "empty" && <p className="text-slate-700">{t("empty", { scope })}</p>}
      {reads.patients && (
        <Suspense fallback={<PartLoading kind="patients" q={q} />}>
          <PatientsPart q={q} result={reads.patients} />
        </Suspense>
      )}
      {reads.events && (
        <Suspense fallback={<PartLoading kind="events" q={q} />}>
          <EventsPart q={q} result={reads.events} />
        </Suspense>
      )}
      {reads.resources && (
        <Suspense fallback={<PartLoading kind="resources" q={q} />}>
          <ResourcesPart q={q} result={reads.resources} />
        </Suspense>
      )}
    </section>
  );
}
