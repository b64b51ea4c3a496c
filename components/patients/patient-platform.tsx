// The platform's side of the patient page, streamed after the store's (the page shows a loading
// state meanwhile): their record, their treatment plans (each opening to its products and dosage)
// and the resources those carry. Each part that could not be read says so alone; plans that could
// not be read fall back to what the clinic's events said of them. Once it knows how many rows the
// view showed, it records the view in the audit trail (one entry per view), after the answer is sent.
import Link from "next/link";
import { after } from "next/server";
import { getTranslations } from "next-intl/server";
import type { Caller } from "@/lib/auth";
import { clientForUser } from "@/lib/auth/platform-client";
import { auditPatientViewed } from "@/lib/audit/patient-view";
import type { Patient, TreatmentPlan } from "@/lib/contract";
import { planPractitionerId, planState, planTime } from "@/lib/contract/plan-view";
import { failureOf } from "@/lib/actions/platform-failure";
import { peopleNames, rememberListedPatients } from "@/lib/people/names";
import type { PatientHistory } from "@/lib/patients/history";
import { findPlatformPatient, platformPlans, type Outcome, type PlatformPlans } from "@/lib/patients/platform";
import { planHref } from "@/lib/events/links";
import { EventGroup, PatientDetails } from "@/components/patients/patient-history";
import { Panel } from "@/components/ui/panel";
import { ErrorState } from "@/components/ui/states";
import { When } from "@/components/ui/when";

const PLAN_STATES = ["active", "draft", "cancelled", "inactive"];

export async function PatientPlatform({
  caller,
  history,
  found,
}: {
  caller: Caller;
  history: PatientHistory;
  /** The record, when the page had to look for it already (the store knew nothing of them). */
  found?: Patient;
}) {
  const t = await getTranslations("patient.platform");
  let record: Outcome<Patient | null>;
  let plans: Outcome<PlatformPlans>;
  try {
    const client = await clientForUser(caller.user.id);
    [record, plans] = await Promise.all([
      found ? { ok: true as const, value: found } : findPlatformPatient(client, history.patientId, history.name),
      platformPlans(client, history.patientId),
    ]);
  } catch (error) {
    // No connection to act through: both parts say why.
    record = plans = { ok: false, failure: failureOf(error) };
  }
  const patient = record.ok ? record.value : null;
  if (patient) await rememberListedPatients(caller.clinicId, [patient]);
  const shownPlans = plans.ok ? plans.value.plans : [];
  const practitionerIds = [patient?.practitioner_id, ...shownPlans.map(planPractitionerId)].filter((id): id is string =>
    Boolean(id),
  );
  const people = await peopleNames(caller.clinicId, practitionerIds);
  after(() =>
    auditPatientViewed(
      caller,
      { id: history.patientId, name: history.name ?? (patient ? `${patient.first_name} ${patient.last_name}` : null) },
      { events: history.events.length, plans: plans.ok ? shownPlans.length : null },
    ),
  );

  const details = {
    ...history.details,
    ...(patient?.email && { email: patient.email }),
    ...(patient?.date_of_birth && { date_of_birth: patient.date_of_birth }),
    ...(patient?.mobile_number && { mobile_number: patient.mobile_number }),
    ...(patient?.gender && { gender: patient.gender }),
  };
  const practitionerId = patient?.practitioner_id;
  return (
    <>
      <PatientDetails
        patientId={history.patientId}
        details={details}
        practitioner={practitionerId ? (people[practitionerId] ?? null) : null}
      />
      {!record.ok && <ErrorState title={t("recordFailed")} error={record.failure} />}
      <Panel id="patient-plans" title={t("plans")} heading="h2">
        {!plans.ok ? (
          <ErrorState title={t("plansFailed")} error={plans.failure} />
        ) : shownPlans.length === 0 ? (
          <p className="text-sm text-slate-600">{t("plansNone")}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {shownPlans.map((plan) => (
              <PlanLine key={plan.id} plan={plan} people={people} patientId={history.patientId} />
            ))}
          </ul>
        )}
      </Panel>
      {!plans.ok && (
        <EventGroup
          id="patient-events-plans"
          title={t("plansFromEvents")}
          events={history.events.filter((e) => e.category === "treatment_plans")}
          empty={t("plansFromEventsNone")}
        />
      )}
      {plans.ok && (
        <Panel id="patient-resources" title={t("resources")} heading="h2">
          {plans.value.resources.length === 0 ? (
            <p className="text-sm text-slate-600">{t("resourcesNone")}</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {plans.value.resources.map((r) => (
                <li key={r.id}>
                  <span className="font-medium text-slate-900">{r.name ?? t("unnamedResource")}</span>
                  {(r.type || r.category) && (
                    <span className="text-slate-600"> · {[r.type, r.category].filter(Boolean).join(" · ")}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Panel>
      )}
    </>
  );
}

async function PlanLine({
  plan,
  people,
  patientId,
}: {
  plan: TreatmentPlan;
  people: Record<string, string>;
  patientId: string;
}) {
  const t = await getTranslations("patient.platform");
  const state = planState(plan);
  const practitionerId = planPractitionerId(plan);
  const practitioner = practitionerId ? people[practitionerId] : undefined;
  const time = planTime(plan);
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-1.5" data-plan-id={plan.id}>
      <Link href={planHref(patientId, plan.id)} className="font-medium text-brand-700 hover:underline">
        {t("plan", {
          state: state && PLAN_STATES.includes(state) ? state : "unknown",
          products: plan.recommendations?.length ?? 0,
          labs: plan.lab_recommendations?.length ?? 0,
          named: practitioner ? "yes" : "no",
          practitioner: practitioner ?? "",
        })}
      </Link>
      {time && (
        <span className="text-xs text-slate-600">
          <When iso={time} />
        </span>
      )}
    </li>
  );
}
