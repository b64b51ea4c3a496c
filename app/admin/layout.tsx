// The admin console's frame: only admins get past it (each page and action checks again itself, as
// a layout is not re-run on every navigation), and the sections as tabs.
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { requireSection } from "@/lib/auth/require-section";
import { AdminSections } from "@/components/admin/admin-sections";
import { ClientMessages } from "@/components/layout/client-messages";

export const dynamic = "force-dynamic";

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const { user } = await requireSection("admin");
  const t = await getTranslations("admin.layout");
  return (
    <ClientMessages section="admin">
      <section className="space-y-6">
        <header className="space-y-1">
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <p className="text-slate-600 max-md:hidden">{t("intro", { clinic: user.clinicName })}</p>
        </header>
        <AdminSections />
        {children}
      </section>
    </ClientMessages>
  );
}
