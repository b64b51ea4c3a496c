// The page around an embedded feature, for both of its addresses (app/embedded/page.tsx and
// app/embedded/platform/page.tsx): its title and words for the clinic and the patient it was opened
// for (`?patient=`), the catalog/labs switch for the platform feature, and the feature itself. The
// grant is minted by the client part on each mount, never while rendering, so no cached page or RSC
// payload can hold one.
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { requireSection } from "@/lib/auth/require-section";
import { EMBED_ENTRYPOINTS } from "@/lib/contract/embed";
import { platformHref } from "@/lib/embedded/links";
import { PatientParamSchema, type EmbedFeature } from "@/lib/embedded/session";
import { patientNames } from "@/lib/people/names";
import { EmbeddedFeature } from "@/components/embedded/embedded-feature";

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export const firstParam = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export async function EmbeddedPage({ feature, searchParams }: { feature: EmbedFeature; searchParams: SearchParams }) {
  const { user } = await requireSection("embedded");
  const patient = PatientParamSchema.safeParse(firstParam((await searchParams).patient));
  const patientId = patient.success ? patient.data : null;
  const patientName = patientId ? (await patientNames(user.clinicId, [patientId]))[patientId] : undefined;
  const t = await getTranslations("embedded");
  const platform = feature.type === "platform";
  const who = {
    clinic: user.clinicName,
    named: patientName ? "yes" : "no",
    name: patientName ?? "",
    patient: patientId ?? "",
    mono: (chunks: React.ReactNode) => <span className="font-mono text-xs text-slate-500">{chunks}</span>,
  };
  return (
    <section className="space-y-4">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">{t(platform ? "platformTitle" : "title")}</h1>
        <p className="text-slate-600">
          {patientId
            ? t.rich(platform ? "platformIntroPatient" : "introPatient", who)
            : t(platform ? "platformIntro" : "intro", { clinic: user.clinicName })}
        </p>
      </header>
      {feature.type === "platform" && (
        <nav aria-label={t("entrypoints.label")} className="flex gap-2 text-sm">
          {EMBED_ENTRYPOINTS.map((entrypoint) => (
            <Link
              key={entrypoint}
              href={platformHref(entrypoint, patientId)}
              aria-current={entrypoint === feature.entrypoint ? "page" : undefined}
              className={`rounded-md px-3 py-1.5 font-medium ${entrypoint === feature.entrypoint ? "bg-brand-100 text-brand-900" : "text-slate-700 hover:bg-slate-100"}`}
            >
              {t(`entrypoints.${entrypoint}`)}
            </Link>
          ))}
        </nav>
      )}
      {/* A new feature or patient is a new mount, with its own grant. */}
      <EmbeddedFeature
        key={`${platform ? feature.entrypoint : "builder"} ${patientId ?? ""}`}
        feature={feature}
        patientId={patientId}
        openedFor={patientName ?? null}
      />
    </section>
  );
}
