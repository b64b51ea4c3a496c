// Treatment plans a resource can be linked to: the practitioner's, newest first. The spec shows no
// treatment plan endpoint; the sandbox offers one (CLINIC_PATHS.treatmentPlans). Where the platform
// has none, the form falls back to typing the plan's id.
import "server-only";
import type { ClinicClient } from "@/lib/clinic-api/client";
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

export async function treatmentPlanOptions(
  client: ClinicClient,
  practitionerId: string,
  clinicId: string,
): Promise<TreatmentPlanOption[]> {
  const [timeZone, locale] = await Promise.all([clinicTimeZone(clinicId), callerLocale()]);
  const t = translatorFor(locale);
  const dateLocale = timeLocale(locale) ?? DEFAULT_TIME_FORMAT.locale;
  const page = await client.treatmentPlans({ practitioner_id: practitionerId }, { number: 1, size: 100 });
  const plans = page.items
    .filter((plan) => plan.state !== "cancelled")
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  const names = await namePatients(
    client,
    clinicId,
    plans.map((p) => p.patient_id),
  );
  return plans.map((plan) => {
    const name = names[plan.patient_id];
    return {
      id: plan.id,
      label: t("resources.fields.planOption", {
        named: name ? "yes" : "no",
        name: name ?? "",
        patient: plan.patient_id,
        state: plan.state,
        products: plan.recommendations.length,
        created: formatTime(plan.created_at, { show: "date", timeZone, locale: dateLocale }),
      }),
    };
  });
}
