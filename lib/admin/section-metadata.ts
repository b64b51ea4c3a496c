// The title of an admin section's page ("Webhooks · Admin", in the reader's language): each
// section's page exports `generateMetadata = adminSectionMetadata("webhooks")`.
import "server-only";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { AdminSectionKey } from "@/lib/admin/sections";

export function adminSectionMetadata(section: Exclude<AdminSectionKey, "overview">): () => Promise<Metadata> {
  return async () => {
    const t = await getTranslations("admin");
    return { title: t("pageTitle", { page: t(`sections.${section}`) }) };
  };
}
