"use server";
// A patient's treatment plan cancelled from their page, after the person confirmed it.
import { defineAction } from "@/lib/actions/builder";
import { SECTIONS } from "@/lib/auth/sections";
import { CANCEL_WORDING, CancelPlanSchema, cancelPatientPlan } from "@/lib/patients/cancel-plan";

export const cancelPlan = defineAction(
  { name: "patients.cancel-plan", roles: SECTIONS.patients.roles, input: CancelPlanSchema, wording: CANCEL_WORDING },
  async ({ caller, input }) => cancelPatientPlan(caller, input),
);
