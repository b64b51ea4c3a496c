// The clinic's patients, paged by the platform, with search, a way into the embedded feature, and
// "Add a patient".
// The page checks the role itself; the list's action checks again.
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { requireSection } from "@/lib/auth/require-section";
import { PatientList } from "@/components/patients/patient-list";
import { loadPatients } from "@/app/patients/actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("patients"))("title") };
}
export const dynamic = "force-dynamic";

export default async function PatientsPage() {
  const { user } = await requireSection("patients");
  const t = await getTranslations("patients");
  return (
    <section className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <p className="text-slate-600">{t("intro", { clinic: user.clinicName })}</p>
        </div>
        <Link
          href="/patients/new"
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t("add")}
        </Link>
      </header>
      <PatientList load={loadPatients} />
    </section>
  );
}
