// Treatment plans a resource can be linked to: the practitioner's, newest first. Neither the spec nor
// the documentation shows a list of a practitioner's plans; the sandbox offers one
// (CLINIC_PATHS.treatmentPlans). Where the platform answers 404, the form takes a typed plan id.
import "server-only";
import type { ClinicClient } from "@/lib/clinic-api/client";
import { NotFoundError } from "@/lib/clinic-api/errors";
import { planPatientId, planPractitionerId, planState, planTime } from "@/lib/contract/plan-view";
import { clinicTimeZone } from "@/lib/admin/clinic-settings";
import { DEFAULT_TIME_FORMAT, formatTime } from "@/lib/format/time";
import { namePatients } from "@/lib/people/names";
import { callerLocale, translatorFor } from "@/lib/i18n/server";
import { timeLocale } from "@/lib/i18n/locales";

export interface TreatmentPlanOption {
  id: string;
  /** "Zed Quist · active · 3 products · 12 Nov 2026", in the caller's language: what a person recognises a plan by. */
  label: string;
}

/**
 * The practitioner's plans to offer, or null when the platform has no such list (404): the form then
 * takes a typed plan id. The list is not a documented path (only one patient's plans are), so the app
 * must do without it.
 */
export async function treatmentPlanOptions(
  client: ClinicClient,
  practitionerId: string,
  clinicId: string,
): Promise<TreatmentPlanOption[] | null> {
  const [timeZone, locale] = await Promise.all([clinicTimeZone(clinicId), callerLocale()]);
  const t = translatorFor(locale);
  const dateLocale = timeLocale(locale) ?? DEFAULT_TIME_FORMAT.locale;
  const page = await client
    .treatmentPlans({ practitioner_id: practitionerId }, { number: 1, size: 100 })
    .catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
  if (!page) return null;
  const plans = page.items
    .filter(
      (plan) => planState(plan) !== "cancelled" && (planPractitionerId(plan) ?? practitionerId) === practitionerId,
    )
    .sort((a, b) => planTime(b).localeCompare(planTime(a)));
  const names = await namePatients(
    client,
    clinicId,
    plans.flatMap((p) => planPatientId(p) ?? []),
  );
  return plans.map((plan) => {
    const patientId = planPatientId(plan);
    const name = patientId ? names[patientId] : undefined;
    const created = plan.created_at ?? plan.available_at;
    return {
      id: plan.id,
      label: t("resources.fields.planOption", {
        named: name ? "yes" : patientId ? "no" : "none",
        name: name ?? "",
        patient: patientId ?? "",
        plan: plan.id,
        state: planState(plan) ?? "unknown",
        products: plan.recommendations?.length ?? -1,
        dated: created ? "yes" : "no",
        created: created ? formatTime(created, { show: "date", timeZone, locale: dateLocale }) : "",
      }),
    };
  });
}
