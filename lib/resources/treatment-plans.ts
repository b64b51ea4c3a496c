// Treatment plans a resource can be linked to: the practitioner's, newest first. The spec shows no
// treatment plan endpoint; the sandbox offers one (CLINIC_PATHS.treatmentPlans). Where the platform
// has none, the form falls back to typing the plan's id.
import "server-only";
import type { ClinicClient } from "@/lib/clinic-api/client";

export interface TreatmentPlanOption {
  id: string;
  label: string;
}

export async function treatmentPlanOptions(
  client: ClinicClient,
  practitionerId: string,
): Promise<TreatmentPlanOption[]> {
  const page = await client.treatmentPlans({ practitioner_id: practitionerId }, { number: 1, size: 100 });
  return page.items
    .filter((plan) => plan.state !== "cancelled")
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .map((plan) => ({
      id: plan.id,
      label: `${plan.id} · ${plan.state} · ${plan.recommendations.length} product${plan.recommendations.length === 1 ? "" : "s"} · patient ${plan.patient_id}`,
    }));
}
