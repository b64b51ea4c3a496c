// One patient as the platform shows them, for the patient page: their record (the platform has no
// "one patient" endpoint the spec shows, so it is found in the clinic's patient list, searched by the
// name the app knows, else read a few pages), their treatment plans (the plans list filtered by
// patient, an extension: a platform without it answers 404, and then the page says so), and the
// resources those plans carry. Each part fails alone: the page shows what came and says what did not.
import "server-only";
import type { ClinicClient } from "@/lib/clinic-api/client";
import { iterateAll } from "@/lib/clinic-api/pagination";
import { failureOf } from "@/lib/actions/platform-failure";
import type { ActionFailure } from "@/lib/actions/result";
import type { Patient, TreatmentPlan } from "@/lib/contract";
import { DocumentedPlanResourceSchema } from "@/lib/contract/event-data";
import { planPatientId, planTime } from "@/lib/contract/plan-view";

/** Pages of the patient list read when a search by name does not find them. */
const PATIENT_PAGES = 5;
/** Pages of plans read (100 a page). */
const PLAN_PAGES = 3;

export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: ActionFailure };

async function attempt<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, failure: failureOf(error, { notFound: "patient" }) };
  }
}

type Client = Pick<ClinicClient, "patients" | "treatmentPlans">;

/** The patient's record from the clinic's list, or null when the pages read do not hold it. */
export function findPlatformPatient(client: Client, patientId: string, name: string | null) {
  return attempt(async (): Promise<Patient | null> => {
    // The list searches first name, last name or email, one of them: the last word of the name.
    const word = name?.trim().split(/\s+/).pop();
    if (word) {
      for await (const p of iterateAll((page) => client.patients(page, word), { maxPages: 2 }))
        if (p.id === patientId) return p;
    }
    for await (const p of iterateAll((page) => client.patients(page), { maxPages: PATIENT_PAGES }))
      if (p.id === patientId) return p;
    return null;
  });
}

export interface PlanResource {
  id: string;
  name: string | null;
  type: string | null;
  category: string | null;
  planId: string;
}

export interface PlatformPlans {
  /** Newest first. */
  plans: TreatmentPlan[];
  resources: PlanResource[];
}

export function platformPlans(client: Client, patientId: string) {
  return attempt(async (): Promise<PlatformPlans> => {
    const plans: TreatmentPlan[] = [];
    const fetchPage = (page: Parameters<Client["treatmentPlans"]>[1]) =>
      client.treatmentPlans({ patient_id: patientId }, page);
    // A platform that ignores the filter still shows only this patient's plans.
    for await (const plan of iterateAll(fetchPage, { maxPages: PLAN_PAGES }))
      if (planPatientId(plan) === patientId) plans.push(plan);
    plans.sort((a, b) => planTime(b).localeCompare(planTime(a)));
    const seen = new Set<string>();
    const resources = plans.flatMap((plan) =>
      (plan.resources ?? []).flatMap((raw) => {
        const r = DocumentedPlanResourceSchema.safeParse(raw);
        if (!r.success || seen.has(r.data.id)) return [];
        seen.add(r.data.id);
        const { id, name, type, category } = r.data;
        return [{ id, name: name ?? null, type: type ?? null, category: category ?? null, planId: plan.id }];
      }),
    );
    return { plans, resources };
  });
}
