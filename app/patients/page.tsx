// The clinic's patients, paged by the platform, with search and a way into the embedded feature.
// The page checks the role itself; the list's action checks again.
import type { Metadata } from "next";
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
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-slate-600">{t("intro", { clinic: user.clinicName })}</p>
      </header>
      <PatientList load={loadPatients} />
    </section>
  );
}
