"use server";
// Reconciliation on demand, for admins (the events page and the admin console mount its panel). Its
// progress is a read the panel polls: GET /api/reconciliation.
import { defineAction } from "@/lib/actions/builder";
import { succeeded } from "@/lib/results/result";
import { SECTIONS } from "@/lib/auth/sections";
import { db } from "@/lib/db";
import { requestReconciliation } from "@/lib/events/reconcile/request";
import { viewOfRun } from "@/lib/events/reconcile/view";
import { getBoss } from "@/lib/queue/boss";

export const startReconciliation = defineAction(
  { name: "reconciliation.start", roles: SECTIONS.admin.roles },
  async ({ caller }) =>
    succeeded(viewOfRun(await requestReconciliation(db, await getBoss(), caller.clinicId, "manual", caller.user.id))),
);
