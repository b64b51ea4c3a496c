// The platform's treatment plan builder inside the app, optionally for one patient (`?patient=<id>`,
// from the patient's page or the patients list): components/embedded/embedded-page.tsx.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { EmbeddedPage, type SearchParams } from "@/components/embedded/embedded-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("embedded"))("title") };
}
export const dynamic = "force-dynamic";

export default function BuilderPage({ searchParams }: { searchParams: SearchParams }) {
  return <EmbeddedPage feature={{ type: "treatmentPlan" }} searchParams={searchParams} />;
}
