// The platform's embedded feature (treatment plans) inside the app, optionally for one patient
// (`?patient=<id>` from the patients list). The grant is minted by the client part on each mount,
// never while rendering this page, so no cached page or RSC payload can hold one.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireSection } from "@/lib/auth/require-section";
import { platformWebOrigin } from "@/lib/embedded/mint";
import { PatientParamSchema } from "@/lib/embedded/session";
import { patientNames } from "@/lib/people/names";
import { EmbeddedFeature } from "@/components/embedded/embedded-feature";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("embedded"))("title") };
}
export const dynamic = "force-dynamic";

export default async function EmbeddedPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { user } = await requireSection("embedded");
  const raw = (await searchParams).patient;
  const patient = PatientParamSchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  const patientId = patient.success ? patient.data : null;
  const patientName = patientId ? (await patientNames(user.clinicId, [patientId]))[patientId] : undefined;
  const t = await getTranslations("embedded");
  return (
    <section className="space-y-4">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-slate-600">
          {patientId
            ? t.rich("introPatient", {
                clinic: user.clinicName,
                named: patientName ? "yes" : "no",
                name: patientName ?? "",
                patient: patientId,
                mono: (chunks) => <span className="font-mono text-xs text-slate-500">{chunks}</span>,
              })
            : t("intro", { clinic: user.clinicName })}
        </p>
      </header>
      <EmbeddedFeature platformOrigin={platformWebOrigin()} patientId={patientId} openedFor={patientName ?? null} />
    </section>
  );
}
