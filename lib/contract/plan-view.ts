// Reading a treatment plan whichever shape it comes in: the documented record (`active: "true"`,
// `patient: {id}`) or the sandbox's (`state`, `patient_id`). Pages ask these, never the fields.
import type { TreatmentPlan } from "./clinic";

export const planPatientId = (plan: TreatmentPlan): string | null => plan.patient_id ?? plan.patient?.id ?? null;

export const planPractitionerId = (plan: TreatmentPlan): string | null =>
  plan.practitioner_id ?? plan.practitioner?.id ?? null;

/** "active", "draft", "cancelled", "inactive" (documented `active: "false"`: cancelled or not yet active) or null. */
export function planState(plan: TreatmentPlan): string | null {
  if (plan.state) return plan.state;
  if (plan.active === true || plan.active === "true") return "active";
  if (plan.active === false || plan.active === "false") return "inactive";
  return null;
}

/** The plan's latest known time (for newest-first order): updated, created or available; "" when none. */
export const planTime = (plan: TreatmentPlan): string => plan.updated_at ?? plan.created_at ?? plan.available_at ?? "";
