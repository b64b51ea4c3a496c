// Which record each seeded history event is about, chosen so that data and events agree: creation
// events point at records created at that instant, patient.emancipated at the patient it
// emancipates, treatment_plan.updated at an active plan or at the cancelled plan it cancels (once),
// and no event predates its record. Snapshots show the record as it was at the event's time.
// Exactly one random draw per event, so the seeded data that follows does not shift.
import type { EventType } from "@/lib/contract";
import { pick } from "../core/random";
import { labOrderRecord, orderRecord, patientRecord, productRecord, treatmentPlanRecord } from "../state/serialize";
import type { SandboxState } from "../state/store";

export interface PlannedEvent {
  type: EventType;
  at: number;
  recordId: string;
  previous: Record<string, unknown> | null;
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

export function historyPlanner(s: SandboxState, clinicId: string, random: () => number) {
  const ofClinic = <T extends { clinicId: string }>(m: Map<string, T>) =>
    [...m.values()].filter((r) => r.clinicId === clinicId);
  const referencedPatients = new Set(
    [...ofClinic(s.orders), ...ofClinic(s.treatmentPlans), ...ofClinic(s.labOrders)].map((r) => r.patientId),
  );
  const recommended = new Set(ofClinic(s.treatmentPlans).flatMap((t) => t.recommendations.map((r) => r.productId)));
  const linkedPlans = new Set([...s.resources.values()].map((r) => r.treatmentPlanId));
  const created = new Set<string>();
  const cancelledAt = new Map<string, number>();
  const cancelledBy = (id: string, at: number) => (cancelledAt.get(id) ?? -Infinity) <= at;

  function choose<T>(rows: T[], what: string): T {
    const row = pick(random, rows);
    if (row === undefined) throw new Error(`seed: no ${what} fits a history event`);
    return row;
  }

  function plan(type: EventType, at: number): PlannedEvent {
    const before = (r: { createdAt: number }) => r.createdAt < at;
    const touched = <T extends { id: string; createdAt: number; updatedAt: number }>(
      row: T,
      previous: Record<string, unknown> | null = { updated_at: iso(Math.max(row.createdAt, at - 3 * DAY)) },
    ) => {
      row.updatedAt = Math.max(row.updatedAt, at);
      return { type, at, recordId: row.id, previous };
    };
    const born = <T extends { id: string; createdAt: number; updatedAt: number }>(row: T) => {
      created.add(row.id);
      row.createdAt = at;
      row.updatedAt = at;
      return { type, at, recordId: row.id, previous: null };
    };
    const plans = ofClinic(s.treatmentPlans);
    switch (type) {
      case "patient.created":
        return born(
          choose(
            ofClinic(s.patients).filter((p) => !referencedPatients.has(p.id) && !created.has(p.id)),
            "unreferenced patient",
          ),
        );
      case "patient.updated":
        return touched(choose(ofClinic(s.patients).filter(before), "patient"));
      case "patient.emancipated": {
        const row = choose(
          ofClinic(s.patients).filter((p) => before(p) && p.emancipatedAt === null),
          "patient to emancipate",
        );
        row.emancipatedAt = at;
        return touched(row, null);
      }
      case "order.placed": {
        const row = choose(
          ofClinic(s.orders).filter((o) => !created.has(o.id)),
          "order",
        );
        created.add(row.id);
        row.placedAt = at;
        return { type, at, recordId: row.id, previous: null };
      }
      case "lab_order.updated": {
        const row = choose(
          ofClinic(s.labOrders).filter((l) => l.status !== "pending"),
          "lab order with results",
        );
        row.updatedAt = Math.max(row.updatedAt, at);
        return { type, at, recordId: row.id, previous: { status: "pending" } };
      }
      case "product.created":
        return born(
          choose(
            ofClinic(s.products).filter((p) => !recommended.has(p.id) && !created.has(p.id)),
            "unrecommended product",
          ),
        );
      case "product.updated":
      case "product.description.updated":
        return touched(choose(ofClinic(s.products).filter(before), "product"));
      case "treatment_plan.created":
        return born(
          choose(
            plans.filter((t) => t.state !== "draft" && !linkedPlans.has(t.id) && !created.has(t.id)),
            "plan",
          ),
        );
      case "treatment_plan.updated": {
        // Each cancelled plan is cancelled by one such event; otherwise an active plan is modified.
        const open = plans.filter((t) => before(t) && t.state === "cancelled" && !cancelledAt.has(t.id));
        const row = choose(open.length ? open : plans.filter((t) => before(t) && t.state === "active"), "active plan");
        if (row.state !== "cancelled") return touched(row);
        cancelledAt.set(row.id, at);
        return touched(row, { state: "active" });
      }
      case "treatment_plan.recommendation.updated":
      case "treatment_plan.lab_recommendation.updated": {
        const live = plans.filter((t) => before(t) && (t.state !== "cancelled" || !cancelledBy(t.id, at)));
        return touched(
          choose(type.includes(".lab_") ? live : live.filter((t) => t.recommendations.length > 0), "plan"),
        );
      }
    }
    throw new Error(`seed: ${type} is not part of the seeded history`);
  }

  /** The record as it was when the event happened (call after every event is planned). */
  function snapshot(e: PlannedEvent): Record<string, unknown> {
    const at = iso(e.at);
    const id = e.recordId;
    if (e.type.startsWith("patient.")) {
      const p = s.patients.get(id)!;
      const emancipated = p.emancipatedAt !== null && p.emancipatedAt <= e.at ? iso(p.emancipatedAt) : null;
      return { ...patientRecord(p, "2020-02-14"), emancipated_at: emancipated, updated_at: at };
    }
    if (e.type === "order.placed") return orderRecord(s.orders.get(id)!);
    if (e.type === "lab_order.updated")
      return { ...labOrderRecord(s.labOrders.get(id)!), status: "results_available", updated_at: at };
    if (e.type.startsWith("product.")) return { ...productRecord(s.products.get(id)!), updated_at: at };
    const t = s.treatmentPlans.get(id)!;
    const cancelled = t.state === "cancelled" && e.type !== "treatment_plan.created" && cancelledBy(t.id, e.at);
    return {
      ...treatmentPlanRecord(s, t),
      state: cancelled ? "cancelled" : t.state === "cancelled" ? "active" : t.state,
      updated_at: at,
    };
  }

  return { plan, snapshot };
}
