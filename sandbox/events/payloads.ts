// Event data as the platform's documentation shows it (lib/contract/event-data.ts), made from the
// sandbox's records as they were when the event happened. The sandbox keeps its own records (the
// API's shapes); only what an event carries is reshaped here: an order directly in `data`, with an
// order number and line items and no amount; a lab order naming its patient and with a documented
// status; a product with no id and a brand object, directly in `data` for product.created; a plan
// with `active` as a string and `patient`/`practitioner` as {id}.
import type { EventType } from "@/lib/contract";
import type { SandboxState } from "../state/store";

type Rec = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

/** A product's one variant, as its product events show it; orders and plans name products by it. */
export const variantIdOf = (productId: string) => `${productId}-v1`;

/** A stable number for an order ("R" and nine digits, as the documentation shows them). */
export function orderNumberOf(orderId: string): string {
  let h = 0;
  for (const c of orderId) h = (h * 31 + c.charCodeAt(0)) % 1_000_000_000;
  return `R${String(h).padStart(9, "0")}`;
}

/** The sandbox's lab statuses in the documentation's words. */
const LAB_STATUS: Record<string, string> = {
  pending: "partial_results",
  results_available: "results_ready",
  amended: "results_amended",
};

/** An order as documented (the order.placed record; the sandbox's orders API answers it too). */
export function documentedOrder(s: SandboxState, o: Rec): Rec {
  const patientId = str(o.patient_id) ?? "";
  const practitioner = s.patients.get(patientId)?.practitionerId;
  return {
    id: o.id,
    order_number: orderNumberOf(String(o.id)),
    completed_at: o.placed_at,
    patient_id: patientId,
    practitioner_ids: practitioner ? [practitioner] : [],
    treatment_plan_ids: [],
    line_items: Array.isArray(o.line_items) ? o.line_items : [],
  };
}

/** A lab order as the lab_order.updated webhook documents it. */
export function documentedLabOrder(s: SandboxState, l: Rec): Rec {
  const patient = s.patients.get(str(l.patient_id) ?? "");
  const status = str(l.status) ?? "";
  return {
    id: l.id,
    practitioner_id: patient?.practitionerId ?? null,
    patient_id: l.patient_id,
    first_name: patient?.firstName ?? null,
    last_name: patient?.lastName ?? null,
    email: patient?.email ?? null,
    status: LAB_STATUS[status] ?? status,
  };
}

function product(p: Rec): Rec {
  const brand = str(p.brand) ?? "Sandbox Labs";
  const prefix = brand
    .replace(/[^A-Za-z]/g, "")
    .slice(0, 3)
    .toUpperCase();
  return {
    name: p.name,
    description_html: `<p>${str(p.description) ?? ""}</p>`,
    dosage: {
      recommended_amount: "1",
      recommended_frequency: "daily",
      recommended_duration: null,
      format: "capsule",
      additional_info: null,
    },
    brand: { id: `brand-${prefix.toLowerCase()}`, name: brand, prefix },
    variants: [
      {
        id: variantIdOf(String(p.id)),
        sku: `${prefix}-${String(p.id).slice(-4)}`,
        primary: true,
        units: 60,
        unit_of_measure: "capsule",
        availability: "in_stock",
        status: "active",
        upc: null,
        msrp: "24.99",
        supplier_sku: null,
      },
    ],
  };
}

/**
 * The sandbox's dosage sentence ("1 capsule daily", "2 capsule(s) daily", "2 capsules daily with
 * food") as the documented object: the amount a number, the form its own field, the rest the
 * frequency. A sentence of another shape stays whole in `amount`, with no form.
 */
export function documentedDosage(sentence: string | null): Rec {
  const parts = sentence
    ?.trim()
    .match(/^(\d+(?:[-–]\d+)?)\s+(capsule|tablet|softgel|scoop|drop)(?:s|\(s\))?(?:\s+(.*))?$/i);
  return {
    amount: parts ? parts[1] : sentence,
    frequency: parts?.[3] || null,
    duration: null,
    format: parts ? parts[2]!.toLowerCase() : null,
    additional_info: null,
    time_of_day: [],
  };
}

/** A plan as the plan webhooks document it: `active` a string, patient and practitioner as {id}. */
export function documentedPlan(t: Rec): Rec {
  const recs = Array.isArray(t.recommendations) ? (t.recommendations as Rec[]) : [];
  const labs = Array.isArray(t.lab_recommendations) ? (t.lab_recommendations as Rec[]) : [];
  return {
    id: t.id,
    active: t.state === "active" ? "true" : "false",
    available_at: (str(t.created_at) ?? "").slice(0, 10) || null,
    patient: { id: t.patient_id },
    practitioner: t.practitioner_id ? { id: t.practitioner_id } : null,
    recommendations: recs.map((r) => ({
      variant_id: r.variant_id,
      refill: false,
      units_to_purchase: 1,
      take_with: null,
      dosage: documentedDosage(str(r.dosage)),
    })),
    resources: [],
    lab_recommendations: labs.map((l) => ({
      id: l.id,
      name: l.test_name,
      requires_fasting: false,
      instructions: null,
      tests: [],
    })),
  };
}

/** The event's `data` for a record in the sandbox's API shape, as the documentation shows it. */
export function documentedEventData(s: SandboxState, type: EventType, record: Rec): Rec {
  if (type.startsWith("patient.")) return { patient: record };
  if (type === "order.placed") return documentedOrder(s, record);
  if (type === "lab_order.updated") return { lab_order: documentedLabOrder(s, record) };
  if (type === "product.created") return product(record);
  if (type.startsWith("product.")) return { product: product(record) };
  if (type.startsWith("treatment_plan.")) return { treatment_plan: documentedPlan(record) };
  return { clinic_key: record };
}

/** Whether the documentation shows this type's events without a clinic_id (catalog news). */
export const namesNoClinic = (type: string) => type === "product.created";
