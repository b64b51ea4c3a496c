// A practitioner's treatment plans, drafts and active, newest first: the "Treatment plans" page, the
// resource form's plan picker and the home page read it. The platform documents no list of a
// practitioner's plans, only one patient's; reading every patient's list would spend the rate
// limit on a clinic's whole roll for each view. So the clinic's own events say which patients have
// had a plan of this practitioner (treatment_plan.* events name the plan's patient and practitioner),
// and the documented per-patient list is read for the few of them most recently active: it brings
// their drafts (which no event announces) and each plan's state now. Plans of the other patients are
// shown as the events left them, less those cancelled through this app (the platform sends no event
// for a cancel made through its API; the app's audit trail has it).
import "server-only";
import type { ClinicClient } from "@/lib/clinic-api/client";
import type { TreatmentPlan } from "@/lib/contract";
import { planPatientId, planPractitionerId, planState, planTime } from "@/lib/contract/plan-view";
import type { Db } from "@/lib/db";
import { namePatients } from "@/lib/people/names";

/** The patients whose plans are read from the platform on each view (one call each). */
export const PATIENTS_READ = 10;
/** Plan events read from the store, newest first: enough for years of one practitioner's plans. */
const STORE_PLANS = 500;
/** Per-patient lists read at once. */
const IN_FLIGHT = 4;

export interface PractitionerPlan {
  id: string;
  patientId: string;
  patientName: string | null;
  state: "active" | "draft";
  /** Products recommended; null when the record does not say. */
  products: number | null;
  /** Newest known time (ISO) or null. */
  time: string | null;
}

export interface PractitionerPlans {
  plans: PractitionerPlan[];
  /** Patients whose plans the platform listed now, and those it could not. */
  patientsRead: number;
  patientsFailed: number;
}

interface StorePlan {
  id: string;
  patientId: string;
  state: string;
  products: number | null;
  time: string;
}

async function plansInStore(db: Db, clinicId: string, practitionerId: string): Promise<StorePlan[]> {
  const rows = await db.$queryRaw<
    { id: string; patient_id: string | null; type: string; active: string | null; products: number | null; at: Date }[]
  >`
    SELECT * FROM (
      SELECT DISTINCT ON (data->'treatment_plan'->>'id')
             data->'treatment_plan'->>'id' AS id,
             COALESCE(data->'treatment_plan'->'patient'->>'id', data->'treatment_plan'->>'patient_id') AS patient_id,
             type, data->'treatment_plan'->>'active' AS active,
             CASE WHEN jsonb_typeof(data->'treatment_plan'->'recommendations') = 'array'
                  THEN jsonb_array_length(data->'treatment_plan'->'recommendations') END AS products,
             created_at AS at
      FROM events
      WHERE clinic_id = ${clinicId} AND category = 'treatment_plans'
        AND COALESCE(data->'treatment_plan'->'practitioner'->>'id', data->'treatment_plan'->>'practitioner_id')
            = ${practitionerId}
      ORDER BY data->'treatment_plan'->>'id', created_at DESC
    ) latest
    WHERE id IS NOT NULL AND patient_id IS NOT NULL
    ORDER BY at DESC LIMIT ${STORE_PLANS}`;
  return rows.map((r) => ({
    id: r.id,
    patientId: r.patient_id!,
    // Documented: treatment_plan.updated is sent when an active plan is cancelled.
    state: r.type === "treatment_plan.updated" || r.active === "false" ? "cancelled" : "active",
    products: r.products,
    time: r.at.toISOString(),
  }));
}

async function cancelledHere(db: Db, clinicId: string, planIds: string[]): Promise<Set<string>> {
  if (planIds.length === 0) return new Set();
  const rows = await db.auditEntry.findMany({
    where: { clinicId, action: "treatment_plan.cancelled", targetId: { in: planIds } },
    select: { targetId: true },
  });
  return new Set(rows.flatMap((r) => r.targetId ?? []));
}

/** Each patient's plans now, or null where the platform could not list them. */
async function readPatients(client: Pick<ClinicClient, "patientTreatmentPlans">, patientIds: string[]) {
  const lists = new Map<string, TreatmentPlan[] | null>();
  for (let i = 0; i < patientIds.length; i += IN_FLIGHT)
    await Promise.all(
      patientIds.slice(i, i + IN_FLIGHT).map(async (id) => {
        const page = await client.patientTreatmentPlans(id, { size: 100 }).catch(() => null);
        lists.set(id, page?.items ?? null);
      }),
    );
  return lists;
}

export async function practitionerPlans(
  db: Db,
  client: Pick<ClinicClient, "patientTreatmentPlans" | "patients">,
  clinicId: string,
  practitionerId: string,
): Promise<PractitionerPlans> {
  const stored = await plansInStore(db, clinicId, practitionerId);
  const patients = [...new Set(stored.map((p) => p.patientId))].slice(0, PATIENTS_READ);
  const [lists, cancelled] = await Promise.all([
    readPatients(client, patients),
    cancelledHere(
      db,
      clinicId,
      stored.map((p) => p.id),
    ),
  ]);
  const byId = new Map<string, StorePlan>();
  for (const plan of stored) {
    if (lists.get(plan.patientId)) continue; // the platform's list of this patient says it now
    byId.set(plan.id, cancelled.has(plan.id) ? { ...plan, state: "cancelled" } : plan);
  }
  const storedIds = new Set(stored.map((p) => p.id));
  for (const [patientId, items] of lists)
    for (const plan of items ?? []) {
      const owner = planPractitionerId(plan);
      if (owner ? owner !== practitionerId : !storedIds.has(plan.id)) continue;
      byId.set(plan.id, {
        id: plan.id,
        patientId: planPatientId(plan) ?? patientId,
        state: planState(plan) ?? "unknown",
        products: plan.recommendations?.length ?? null,
        time: planTime(plan),
      });
    }
  const shown = [...byId.values()]
    .filter((p): p is StorePlan & { state: "active" | "draft" } => p.state === "active" || p.state === "draft")
    .sort((a, b) => b.time.localeCompare(a.time));
  const names = await namePatients(
    client,
    clinicId,
    shown.map((p) => p.patientId),
  );
  return {
    plans: shown.map((p) => ({ ...p, patientName: names[p.patientId] ?? null, time: p.time || null })),
    patientsRead: [...lists.values()].filter(Boolean).length,
    patientsFailed: [...lists.values()].filter((l) => l === null).length,
  };
}
