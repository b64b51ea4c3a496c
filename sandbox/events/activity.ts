// Clinic activity driven by the control API: each event type of spec 6.1 really changes state and
// then emits its event, as the clinic's own action would. `data` may name the record to act on
// (patient_id, product_id, treatment_plan_id, lab_order_id) or give new values.
import type { ActivityRequest, EventType } from "@/lib/contract";
import { ApiError } from "../http/errors";
import { activateKey, issueKey, revokeKey } from "../platform/clinic-key";
import { labOrderRecord, orderRecord, patientRecord, productRecord, treatmentPlanRecord } from "../state/serialize";
import type { SandboxState } from "../state/store";
import type { EventRow } from "../state/types";
import { emitEvent } from "./emit";

type Data = Record<string, unknown>;
const str = (d: Data, k: string): string | undefined => (typeof d[k] === "string" ? (d[k] as string) : undefined);

function target<T extends { clinicId: string }>(
  map: Map<string, T>,
  clinicId: string,
  id: string | undefined,
  what: string,
  where: (r: T) => boolean = () => true,
): T {
  if (id !== undefined) {
    const row = map.get(id);
    if (!row || row.clinicId !== clinicId)
      throw ApiError.of(
        422,
        "invalid_value",
        `data.${what}_id does not name a ${what} of this clinic.`,
        `data.${what}_id`,
      );
    return row;
  }
  const rows = [...map.values()].filter((r) => r.clinicId === clinicId && where(r));
  const row = rows[rows.length - 1];
  if (!row) throw ApiError.of(409, "conflict", `The clinic has no ${what} this activity can apply to.`);
  return row;
}

/** What an activity did: its event (none for an action made through the API) and the record it acted on. */
export interface ActivityOutcome {
  event: EventRow | null;
  record?: Record<string, unknown>;
}

export function runActivity(s: SandboxState, req: ActivityRequest): ActivityOutcome {
  const clinicId = req.clinic_id;
  if (!s.clinics.has(clinicId))
    throw ApiError.of(404, "not_found", "clinic_id does not name a seeded clinic.", "clinic_id");
  if (req.through_api && req.type !== "patient.created")
    throw ApiError.of(422, "invalid_value", "through_api applies to patient.created only.", "through_api");
  const d: Data = req.data ?? {};
  const now = s.clock.now();
  const emit = (
    type: EventType,
    object: Record<string, unknown>,
    previous: Record<string, unknown> | null = null,
  ): ActivityOutcome => ({
    // An action made through the API creates no event (spec 6.1 rule 2).
    event: req.through_api ? null : emitEvent(s, { clinicId, type, object, previousAttributes: previous }),
    record: object,
  });

  switch (req.type) {
    case "clinic_key.activated": {
      let key = s.currentKey(clinicId);
      if (key && key.activatedAt !== null && key.revokedAt === null)
        throw ApiError.of(409, "conflict", "The clinic key is already activated.");
      if (!key || key.revokedAt !== null) key = issueKey(s, clinicId);
      activateKey(s, key);
      return { event: s.events[s.events.length - 1] };
    }
    case "clinic_key.revoked": {
      const key = revokeKey(s, clinicId);
      if (!key) throw ApiError.of(409, "conflict", "The clinic has no unrevoked key to revoke.");
      return { event: s.events[s.events.length - 1] };
    }
    case "patient.created": {
      const row = {
        id: s.ids.next("pat"),
        clinicId,
        firstName: str(d, "first_name") ?? "New",
        lastName: str(d, "last_name") ?? "Patient",
        email: str(d, "email") ?? null,
        dateOfBirth: str(d, "date_of_birth") ?? null,
        practitionerId: str(d, "practitioner_id") ?? s.practitionersOf(clinicId)[0]?.id ?? null,
        emancipatedAt: null,
        createdAt: now,
        updatedAt: now,
      };
      s.patients.set(row.id, row);
      return emit(req.type, patientRecord(row, "2020-02-14"));
    }
    case "patient.updated": {
      const row = target(s.patients, clinicId, str(d, "patient_id"), "patient");
      const previous = {
        email: row.email,
        first_name: row.firstName,
        last_name: row.lastName,
        updated_at: new Date(row.updatedAt).toISOString(),
      };
      row.email = str(d, "email") ?? `updated.${row.id.slice(4)}@mail.example`;
      row.firstName = str(d, "first_name") ?? row.firstName;
      row.lastName = str(d, "last_name") ?? row.lastName;
      row.updatedAt = now;
      return emit(req.type, patientRecord(row, "2020-02-14"), previous);
    }
    case "patient.emancipated": {
      const row = target(s.patients, clinicId, str(d, "patient_id"), "patient", (p) => p.emancipatedAt === null);
      row.emancipatedAt = now;
      row.updatedAt = now;
      return emit(req.type, patientRecord(row, "2020-02-14"));
    }
    case "order.placed": {
      const patient = target(s.patients, clinicId, str(d, "patient_id"), "patient");
      const product = target(s.products, clinicId, str(d, "product_id"), "product");
      const row = {
        id: s.ids.next("ord"),
        clinicId,
        patientId: patient.id,
        totalCents: typeof d.total_cents === "number" ? Math.round(d.total_cents) : 4200,
        placedAt: now,
        lineItems: [{ productId: product.id, quantity: typeof d.quantity === "number" ? Math.round(d.quantity) : 1 }],
      };
      s.orders.set(row.id, row);
      return emit(req.type, orderRecord(row));
    }
    case "lab_order.updated": {
      const row = target(s.labOrders, clinicId, str(d, "lab_order_id"), "lab_order");
      const previous = { status: row.status };
      row.status = row.status === "pending" ? "results_available" : "amended";
      row.updatedAt = now;
      return emit(req.type, labOrderRecord(row), previous);
    }
    case "product.created": {
      const row = {
        id: s.ids.next("prod"),
        clinicId,
        name: str(d, "name") ?? "New product",
        brand: str(d, "brand") ?? "Sandbox Labs",
        description: str(d, "description") ?? "A new product.",
        createdAt: now,
        updatedAt: now,
      };
      s.products.set(row.id, row);
      return emit(req.type, productRecord(row));
    }
    case "product.updated":
    case "product.description.updated": {
      const row = target(s.products, clinicId, str(d, "product_id"), "product");
      const previous = req.type === "product.updated" ? { name: row.name } : { description: row.description };
      if (req.type === "product.updated") row.name = str(d, "name") ?? `${row.name} (new variant)`;
      else row.description = str(d, "description") ?? `${row.description} Updated.`;
      row.updatedAt = now;
      return emit(req.type, productRecord(row), previous);
    }
    case "treatment_plan.created": {
      const patient = target(s.patients, clinicId, str(d, "patient_id"), "patient");
      const product = target(s.products, clinicId, str(d, "product_id"), "product");
      const row = {
        id: s.ids.next("tp"),
        clinicId,
        patientId: patient.id,
        practitionerId: patient.practitionerId ?? s.practitionersOf(clinicId)[0].id,
        state: "active" as const,
        recommendations: [{ id: s.ids.next("rec"), productId: product.id, dosage: "1 capsule daily" }],
        labRecommendations: [],
        createdAt: now,
        updatedAt: now,
      };
      s.treatmentPlans.set(row.id, row);
      return emit(req.type, treatmentPlanRecord(s, row));
    }
    case "treatment_plan.updated": {
      // Only active plans are modified (spec 6.1); the default modification is a cancellation.
      const row = target(
        s.treatmentPlans,
        clinicId,
        str(d, "treatment_plan_id"),
        "treatment_plan",
        (t) => t.state === "active",
      );
      if (row.state !== "active") throw ApiError.of(409, "conflict", "Only an active treatment plan can be modified.");
      const previous = { state: row.state };
      if (d.state !== "active") row.state = "cancelled";
      row.updatedAt = now;
      return emit(req.type, treatmentPlanRecord(s, row), previous);
    }
    case "treatment_plan.recommendation.updated": {
      const row = target(
        s.treatmentPlans,
        clinicId,
        str(d, "treatment_plan_id"),
        "treatment_plan",
        (t) => t.recommendations.length > 0,
      );
      const rec = row.recommendations[0];
      if (!rec) throw ApiError.of(409, "conflict", "The treatment plan has no recommendation to update.");
      const previous = { recommendation_id: rec.id, dosage: rec.dosage };
      rec.dosage = str(d, "dosage") ?? "2 capsules daily with food";
      row.updatedAt = now;
      return emit(req.type, treatmentPlanRecord(s, row), previous);
    }
    case "treatment_plan.lab_recommendation.updated": {
      const row = target(s.treatmentPlans, clinicId, str(d, "treatment_plan_id"), "treatment_plan");
      const previous = { lab_recommendations: row.labRecommendations.map((l) => l.testName) };
      if (d.remove === true && row.labRecommendations.length) row.labRecommendations.pop();
      else row.labRecommendations.push({ id: s.ids.next("labrec"), testName: str(d, "test_name") ?? "Ferritin" });
      row.updatedAt = now;
      return emit(req.type, treatmentPlanRecord(s, row), previous);
    }
  }
  throw ApiError.of(400, "invalid_value", "Unknown activity type.", "type");
}
