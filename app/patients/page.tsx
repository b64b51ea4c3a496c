// The clinic's patients, paged by the platform, with search, a way into the embedded feature, and
// "Add a patient".
// The page checks the role itself; the list's action checks again.
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { requireSection } from "@/lib/auth/require-section";
import { PatientList } from "@/components/patients/patient-list";
import { loadPatients } from "@/app/patients/actions";
import { PATIENT_PAGE_SIZE, PATIENT_PAGE_SIZES } from "@/components/patients/paging";
import { pagingOf, searchOf } from "@/components/ui/url-paging";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("patients"))("title") };
}
export const dynamic = "force-dynamic";

async function firstRows(q: string, page: number, size: number) {
  const loaded = await loadPatients({ q: q || undefined, page, size });
  return loaded.ok ? { q, page, size, rows: loaded.data, at: Date.now() } : undefined;
}

export default async function PatientsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { user } = await requireSection("patients");
  const t = await getTranslations("patients");
  // The first rows come with the page, read as the list would read them for this address; if the
  // platform does not answer, the list asks again itself and shows why.
  const params = await searchParams;
  const param = (name: string) => {
    const value = params[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const q = searchOf(param);
  const { page, size } = pagingOf(param, PATIENT_PAGE_SIZES, PATIENT_PAGE_SIZE);
  const first = await firstRows(q, page, size);
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
      <PatientList load={loadPatients} first={first} />
    </section>
  );
}
