// Cancelling a patient's treatment plan (the documented PATCH …/treatment_plans/{id}/cancel), for
// practitioners and staff. The plan must be in that patient's list on the platform (a plan of another
// patient or clinic is not found, as a missing one is); a cancelled plan stays cancelled (the
// platform cannot reactivate it, so the app says so rather than asking). The cancel is audited: who,
// which plan, which patient.
import "server-only";
import { z } from "zod";
import type { Caller } from "@/lib/auth";
import { clientForUser } from "@/lib/auth/platform-client";
import { ActionError } from "@/lib/results/action-error";
import { done, notFound, refused } from "@/lib/results/result";
import { recordAudit } from "@/lib/audit/record";
import { planState } from "@/lib/contract/plan-view";
import { PatientParamSchema } from "@/lib/embedded/session";
import { patientNames } from "@/lib/people/names";
import { platformPlans } from "@/lib/patients/platform";

export const CancelPlanSchema = z.object({ patientId: PatientParamSchema, planId: PatientParamSchema });
export type CancelPlanInput = z.infer<typeof CancelPlanSchema>;

/** What a platform 404 on a cancel was about. */
export const CANCEL_WORDING = { notFound: "other" } as const;

export async function cancelPatientPlan(caller: Caller, { patientId, planId }: CancelPlanInput) {
  const client = await clientForUser(caller.user.id);
  const listed = await platformPlans(client, patientId);
  // A patient the platform does not list for this caller is not theirs to act on: not found, alike.
  if (!listed.ok) throw new ActionError(listed.failure.code === "not-found" ? notFound("other") : listed.failure);
  const plan = listed.value.plans.find((p) => p.id === planId);
  if (!plan) throw new ActionError(notFound("other"));
  if (planState(plan) === "cancelled") return refused("patient.plan.alreadyCancelled");
  await client.cancelTreatmentPlan(planId);
  const name = (await patientNames(caller.clinicId, [patientId]))[patientId] ?? null;
  await recordAudit({
    clinicId: caller.clinicId,
    actorUserId: caller.user.id,
    action: "treatment_plan.cancelled",
    target: { type: "treatment_plan", id: planId },
    details: { patientId, patient: name, products: plan.recommendations?.length ?? 0 },
  });
  return done("patient.plan.cancelledToast");
}
