// Treatment plans a resource can be linked to: the practitioner's, newest first. The spec shows no
// treatment plan endpoint; the sandbox offers one (CLINIC_PATHS.treatmentPlans). Where the platform
// has none, the form falls back to typing the plan's id.
import "server-only";
import type { ClinicClient } from "@/lib/clinic-api/client";
import { clinicTimeZone } from "@/lib/admin/clinic-settings";
import { formatTime } from "@/lib/format/time";
import { namePatients } from "@/lib/people/names";

export interface TreatmentPlanOption {
  id: string;
  /** "Zed Quist · active · 3 products · 12 Nov 2026": what a person recognises a plan by. */
  label: string;
}

const STATE_WORDS: Record<string, string> = { draft: "draft", active: "active", cancelled: "cancelled" };

export async function treatmentPlanOptions(
  client: ClinicClient,
  practitionerId: string,
  clinicId: string,
): Promise<TreatmentPlanOption[]> {
  const timeZone = await clinicTimeZone(clinicId);
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
    const products = plan.recommendations.length;
    return {
      id: plan.id,
      label: [
        names[plan.patient_id] ?? `Patient ${plan.patient_id}`,
        STATE_WORDS[plan.state] ?? plan.state,
        `${products} product${products === 1 ? "" : "s"}`,
        formatTime(plan.created_at, { show: "date", timeZone }),
      ].join(" · "),
    };
  });
}
