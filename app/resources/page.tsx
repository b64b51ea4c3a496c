// The resources section: a practitioner's library (upload, edit, delete) and the platform-provided
// resources. Staff act for a practitioner of their clinic. The page checks the role itself; every
// action and the upload route check again.
import { Suspense, type ComponentProps } from "react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireSection } from "@/lib/auth/require-section";
import { ResourceLibrary } from "@/components/resources/resource-library";
import { LoadingState } from "@/components/ui/states";
import { libraryFirstPage } from "@/lib/resources/first-page";
import {
  deleteResource,
  loadPractitioners,
  loadResources,
  loadServiceResources,
  loadTreatmentPlans,
  updateResourceDetails,
} from "@/app/resources/actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("resources.page"))("title") };
}
export const dynamic = "force-dynamic";

export default async function ResourcesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { user } = await requireSection("resources");
  const params = await searchParams;
  const raw = params.practitioner;
  const practitioner = typeof raw === "string" && raw.length > 0 && raw.length <= 100 ? raw : undefined;
  const tab = params.tab === "platform" ? "platform" : "library";
  const isStaff = user.platformUserType === "Staff";
  // A practitioner's own library arrives with its first page (one platform call). The call starts
  // now and the page's frame is sent while it is under way; the library follows when it answers
  // (at the platform's distance the frame no longer waits 150 ms for it, nor the rows for the frame).
  const firstPage = !isStaff && tab === "library" ? libraryFirstPage(user, params) : undefined;
  const [t, tLibrary] = await Promise.all([getTranslations("resources.page"), getTranslations("resources.library")]);
  const library = {
    isStaff,
    selfId: isStaff ? undefined : user.platformUserId,
    initialPractitioner: practitioner,
    initialTab: tab,
  } as const;
  return (
    <section className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-slate-600">{isStaff ? t("introStaff") : t("introPractitioner")}</p>
      </header>
      <Suspense fallback={<LoadingState label={tLibrary("loading")} />}>
        <Library {...library} firstPage={firstPage} />
      </Suspense>
    </section>
  );
}

async function Library({
  firstPage,
  ...props
}: Omit<ComponentProps<typeof ResourceLibrary>, "initialLibrary" | "actions"> & {
  firstPage: ReturnType<typeof libraryFirstPage> | undefined;
}) {
  return (
    <ResourceLibrary
      {...props}
      initialLibrary={await firstPage}
      actions={{
        loadResources,
        loadServiceResources,
        loadPractitioners,
        loadTreatmentPlans,
        updateResourceDetails,
        deleteResource,
      }}
    />
  );
}
