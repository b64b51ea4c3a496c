// "Add a patient": the form, for those who see the clinic's patients (the action checks again).
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { requireSection } from "@/lib/auth/require-section";
import { NewPatientForm } from "@/components/new-patient/new-patient-form";
import { createPatientAction } from "@/app/patients/new/actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("newPatient"))("title") };
}
export const dynamic = "force-dynamic";

export default async function NewPatientPage() {
  const { user } = await requireSection("patients");
  const t = await getTranslations("newPatient");
  return (
    <section className="max-w-3xl space-y-6" aria-labelledby="new-patient-title">
      <header className="space-y-1">
        <p className="text-sm">
          <Link href="/patients" className="text-brand-700 hover:underline">
            {t("back")}
          </Link>
        </p>
        <h1 id="new-patient-title" className="text-2xl font-semibold">
          {t("title")}
        </h1>
        <p className="text-slate-600">{t("intro", { clinic: user.clinicName })}</p>
      </header>
      <NewPatientForm action={createPatientAction} />
    </section>
  );
}
