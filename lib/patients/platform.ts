// One patient as the platform shows them, for the patient page: their record (the platform has no
// "one patient" endpoint the spec shows, so it is found in the clinic's patient list, searched by the
// name the app knows, else read a few pages), their treatment plans (the documented per-patient
// list), the resources those plans carry, their orders (documented per-patient orders) and their lab
// orders (the documented lab orders list, filtered by patient). Each part fails alone: the page shows
// what came and says what did not (a 404 from a path: the platform does not offer it).
import "server-only";
import type { ClinicClient } from "@/lib/clinic-api/client";
import { iterateAll, type Page, type PageRequest } from "@/lib/clinic-api/pagination";
import { failureOf } from "@/lib/actions/platform-failure";
import { failure, type ActionFailure } from "@/lib/results/result";
import { NotFoundError } from "@/lib/clinic-api/errors";
import type { Patient, PlatformLabOrder, PlatformOrder, TreatmentPlan } from "@/lib/contract";
import { DocumentedPlanResourceSchema } from "@/lib/contract/event-data";
import { planPatientId, planTime } from "@/lib/contract/plan-view";

/** Pages of the patient list read when a search by name does not find them. */
const PATIENT_PAGES = 5;
/** Pages of each per-patient list read (100 a page). */
const LIST_PAGES = 3;

export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: ActionFailure };

/**
 * Runs one part. A list of the patient's that answers 404 is a path the platform does not offer this
 * app (the page found the patient already): it is said so, not "no such patient".
 */
async function attempt<T>(run: () => Promise<T>, part: "record" | "list" = "list"): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (part === "list" && error instanceof NotFoundError)
      return {
        ok: false,
        failure: failure("not-found", NOT_OFFERED, error.requestId ? { requestId: error.requestId } : {}),
      };
    return { ok: false, failure: failureOf(error, { notFound: "patient" }) };
  }
}

/** The words of a list the platform does not offer. */
export const NOT_OFFERED = "patient.platform.notOffered";

type Client = Pick<ClinicClient, "patients" | "patientTreatmentPlans" | "patientOrders" | "labOrders">;

/** A per-patient list, read a few pages deep, keeping only what is this patient's. */
async function listOf<T>(fetchPage: (page: PageRequest) => Promise<Page<T>>, mine: (item: T) => boolean) {
  const items: T[] = [];
  for await (const item of iterateAll(fetchPage, { maxPages: LIST_PAGES })) if (mine(item)) items.push(item);
  return items;
}

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
  }, "record");
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
    // A record that names another patient is not shown here, whatever the platform's filter did.
    const plans = await listOf(
      (page) => client.patientTreatmentPlans(patientId, page),
      (plan) => (planPatientId(plan) ?? patientId) === patientId,
    );
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

/** Their orders, newest first. */
export function platformOrders(client: Client, patientId: string) {
  return attempt(async (): Promise<PlatformOrder[]> => {
    const orders = await listOf(
      (page) => client.patientOrders(patientId, page),
      (o) => (o.patient_id ?? patientId) === patientId,
    );
    return orders.sort((a, b) => (b.completed_at ?? "").localeCompare(a.completed_at ?? ""));
  });
}

/** Their lab orders, newest first. */
export function platformLabOrders(client: Client, patientId: string) {
  return attempt(async (): Promise<PlatformLabOrder[]> => {
    const labs = await listOf(
      (page) => client.labOrders(patientId, page),
      (l) => (l.patient_id ?? patientId) === patientId,
    );
    const time = (l: PlatformLabOrder) => l.updated_at ?? l.created_at ?? "";
    return labs.sort((a, b) => time(b).localeCompare(time(a)));
  });
}
