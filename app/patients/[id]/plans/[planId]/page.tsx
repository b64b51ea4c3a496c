// One treatment plan of a patient: its products with their dosage, its lab tests and resources, who
// wrote it and when; an active or draft plan can be cancelled, after a confirmation. Read from the
// patient's documented plans list (the platform documents no single-plan read the app relies on); a
// plan that list does not hold is not found, as an unknown address is.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { requireSection } from "@/lib/auth/require-section";
import { clientForUser } from "@/lib/auth/platform-client";
import { failureOf } from "@/lib/actions/platform-failure";
import { db } from "@/lib/db";
import { PatientParamSchema } from "@/lib/embedded/session";
import { patientHref } from "@/lib/events/links";
import { recommendationLines, variantIdsOf } from "@/lib/patients/lines";
import { platformPlans } from "@/lib/patients/platform";
import { variantNames } from "@/lib/events/variant-names";
import { patientNames, peopleNames } from "@/lib/people/names";
import { planPractitionerId } from "@/lib/contract/plan-view";
import { PlanDetails } from "@/components/patients/plan-details";
import { ErrorState } from "@/components/ui/states";
import { cancelPlan } from "@/app/patients/[id]/actions";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string; planId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("patient.plan"))("title") };
}

export default async function PlanPage({ params }: Params) {
  const caller = await requireSection("patients");
  const raw = await params;
  const patientId = PatientParamSchema.safeParse(raw.id);
  const planId = PatientParamSchema.safeParse(raw.planId);
  if (!patientId.success || !planId.success) notFound();
  const t = await getTranslations("patient.plan");
  const name = (await patientNames(caller.clinicId, [patientId.data]))[patientId.data] ?? null;
  const back = (
    <p className="text-sm">
      <Link href={patientHref(patientId.data)} className="text-brand-700 hover:underline">
        {t("back", { named: name ? "yes" : "no", name: name ?? "" })}
      </Link>
    </p>
  );
  let listed;
  try {
    listed = await platformPlans(await clientForUser(caller.user.id), patientId.data);
  } catch (error) {
    listed = { ok: false as const, failure: failureOf(error) };
  }
  if (!listed.ok)
    return (
      <section className="space-y-4">
        {back}
        <ErrorState title={t("failed")} error={listed.failure} />
      </section>
    );
  const plan = listed.value.plans.find((p) => p.id === planId.data);
  if (!plan) notFound();
  const practitionerId = planPractitionerId(plan);
  const [names, people] = await Promise.all([
    variantNames(db, caller.clinicId, variantIdsOf([plan], [])),
    peopleNames(caller.clinicId, practitionerId ? [practitionerId] : []),
  ]);
  return (
    <section className="space-y-6" aria-labelledby="plan-title">
      <header className="space-y-1">
        {back}
        <h1 id="plan-title" className="text-2xl font-semibold break-words">
          {t("heading", { named: name ? "yes" : "no", name: name ?? "" })}
        </h1>
      </header>
      <PlanDetails
        plan={plan}
        lines={recommendationLines(plan, names)}
        practitioner={practitionerId ? (people[practitionerId] ?? null) : null}
        cancel={cancelPlan.bind(null, { patientId: patientId.data, planId: plan.id })}
      />
    </section>
  );
}
