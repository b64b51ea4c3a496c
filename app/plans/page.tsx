// "Treatment plans": a practitioner's plans, drafts and active, newest first, each opening the patient
// and the plan; staff first choose the practitioner by name. New plans are made in the builder.
// Where the list comes from, and why, is lib/patients/practitioner-plans.ts (and docs/patients-and-plans.md).
import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { getTranslations } from "next-intl/server";
import { requireSection } from "@/lib/auth/require-section";
import { clientForUser } from "@/lib/auth/platform-client";
import { failureOf } from "@/lib/actions/platform-failure";
import { actingRule } from "@/lib/resources/acting";
import { PatientParamSchema } from "@/lib/embedded/session";
import { clinicPractitioners, type PractitionerOption } from "@/lib/resources/practitioners";
import { PlanList } from "@/components/plans/plan-list";
import { PractitionerChoice } from "@/components/plans/practitioner-choice";
import { ErrorState, LoadingState } from "@/components/ui/states";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("plans"))("title") };
}

export default async function PlansPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const caller = await requireSection("plans");
  const raw = (await searchParams).practitioner;
  const parsed = PatientParamSchema.safeParse(raw);
  const rule = actingRule(caller.user, parsed.success ? parsed.data : undefined);
  const isStaff = caller.user.platformUserType === "Staff";
  const t = await getTranslations("plans");
  const options = isStaff ? await practitionerOptions(caller.clinicId, caller.user.id) : null;
  const practitionerId =
    rule.kind === "self"
      ? rule.practitionerId
      : rule.kind === "check-clinic" && options?.ok && options.value.some((o) => o.id === rule.practitionerId)
        ? rule.practitionerId
        : null;
  const chosen = options?.ok ? options.value.find((o) => o.id === practitionerId) : undefined;
  return (
    <section className="space-y-6" aria-labelledby="plans-title">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h1 id="plans-title" className="text-2xl font-semibold">
            {t("title")}
          </h1>
          <p className="text-slate-600">{isStaff ? t("introStaff") : t("introPractitioner")}</p>
        </div>
        <Link
          href="/embedded"
          className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t("new")}
        </Link>
      </header>
      {options &&
        (options.ok ? (
          <PractitionerChoice options={options.value} value={practitionerId ?? undefined} />
        ) : (
          <ErrorState title={t("practitionersFailed")} error={options.failure} />
        ))}
      {isStaff && rule.kind === "check-clinic" && options?.ok && !practitionerId && (
        <p role="alert" className="text-sm text-red-800">
          {t("notInClinic")}
        </p>
      )}
      {practitionerId ? (
        <Suspense key={practitionerId} fallback={<LoadingState label={t("loading")} />}>
          <PlanList caller={caller} practitionerId={practitionerId} practitionerName={chosen?.name ?? null} />
        </Suspense>
      ) : (
        isStaff && <p className="text-sm text-slate-600">{t("chooseFirst")}</p>
      )}
    </section>
  );
}

async function practitionerOptions(
  clinicId: string,
  userId: string,
): Promise<{ ok: true; value: PractitionerOption[] } | { ok: false; failure: ReturnType<typeof failureOf> }> {
  try {
    return { ok: true, value: await clinicPractitioners(clinicId, await clientForUser(userId)) };
  } catch (error) {
    return { ok: false, failure: failureOf(error) };
  }
}
