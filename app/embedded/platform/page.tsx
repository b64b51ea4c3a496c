// The platform feature inside the app: its catalog or its labs (`?entrypoint=catalog|labs`, the
// catalog unless it says labs), optionally for one patient (`?patient=<id>`). The menu's "Catalog &
// labs": components/embedded/embedded-page.tsx.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { EmbeddedPage, firstParam, type SearchParams } from "@/components/embedded/embedded-page";
import { entrypointOf } from "@/lib/embedded/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("embedded"))("platformTitle") };
}
export const dynamic = "force-dynamic";

export default async function PlatformFeaturePage({ searchParams }: { searchParams: SearchParams }) {
  const entrypoint = entrypointOf(firstParam((await searchParams).entrypoint));
  return <EmbeddedPage feature={{ type: "platform", entrypoint }} searchParams={searchParams} />;
}
