// Treatment plans a resource can be linked to: the practitioner's drafts and active plans, newest
// first, as the "Treatment plans" page lists them (lib/patients/practitioner-plans.ts: the clinic's
// events and the documented per-patient lists; the platform documents no list of a practitioner's
// plans). Where the app knows of none, the form takes a typed plan id.
import "server-only";
import type { ClinicClient } from "@/lib/clinic-api/client";
import { db } from "@/lib/db";
import { practitionerPlans } from "@/lib/patients/practitioner-plans";
import { clinicTimeZone } from "@/lib/admin/clinic-settings";
import { DEFAULT_TIME_FORMAT, formatTime } from "@/lib/format/time";
import { callerLocale, translatorFor } from "@/lib/auth/language";
import { timeLocale } from "@/lib/i18n/locales";

export interface TreatmentPlanOption {
  id: string;
  /** "Zed Quist · active · 3 products · 12 Nov 2026", in the caller's language: what a person recognises a plan by. */
  label: string;
}

/** The practitioner's plans to offer, or null when the app knows of none: the form then takes a typed plan id. */
export async function treatmentPlanOptions(
  client: ClinicClient,
  practitionerId: string,
  clinicId: string,
): Promise<TreatmentPlanOption[] | null> {
  const [timeZone, locale, { plans }] = await Promise.all([
    clinicTimeZone(clinicId),
    callerLocale(),
    practitionerPlans(db, client, clinicId, practitionerId),
  ]);
  if (plans.length === 0) return null;
  const t = translatorFor(locale);
  const dateLocale = timeLocale(locale) ?? DEFAULT_TIME_FORMAT.locale;
  return plans.map((plan) => ({
    id: plan.id,
    label: t("resources.fields.planOption", {
      named: plan.patientName ? "yes" : "no",
      name: plan.patientName ?? "",
      patient: plan.patientId,
      plan: plan.id,
      state: plan.state,
      products: plan.products ?? -1,
      dated: plan.time ? "yes" : "no",
      created: plan.time ? formatTime(plan.time, { show: "date", timeZone, locale: dateLocale }) : "",
    }),
  }));
}
