// One line a person understands for each event: who, what, how much, built from the event's data
// and the names the app knows (patients' names from earlier events, the clinic's people). A summary
// is a message id and its parameters, so a translation replaces only the messages
// (lib/events/summary-messages.ts, ICU syntax as next-intl reads it). Unknown types and data that
// do not have the expected shape fall back to what can be said safely. Pure: shared by the server
// (which builds summaries) and the browser (which words them).
import { z } from "zod";
import type { SummaryMessageId } from "@/lib/events/summary-messages";

export type SummaryParams = Record<string, string | number>;

export interface EventSummary {
  id: SummaryMessageId;
  params: SummaryParams;
  /** The patient the event is about: the app opens their treatment plans. */
  patientId?: string;
  /** The treatment plan the event is about. */
  planId?: string;
  /** The app knows no name for the patient: `params.patient` is their id, said as "patient <id>". */
  unnamedPatient?: boolean;
}

export interface KnownNames {
  /** Patient id → name (from patient events). */
  patients: ReadonlyMap<string, string>;
  /** Practitioner or staff id → name (the clinic's directory). */
  people?: ReadonlyMap<string, string>;
}

const Id = z.string().min(1);
const Named = z.object({ id: Id, first_name: z.string().optional(), last_name: z.string().optional() });
const Order = z.object({ id: Id, patient_id: Id, total_cents: z.number().int() });
const LabOrder = z.object({ id: Id, patient_id: Id, test_name: z.string().optional(), status: z.string().optional() });
const Product = z.object({ id: Id, name: z.string().min(1), brand: z.string().optional() });
const Plan = z.object({
  id: Id,
  patient_id: Id,
  practitioner_id: z.string().nullable().optional(),
  state: z.string().optional(),
  recommendations: z.array(z.object({ product_name: z.string().optional() }).passthrough()).optional(),
  lab_recommendations: z.array(z.object({ test_name: z.string().optional() }).passthrough()).optional(),
});

const nameOf = (p: z.infer<typeof Named>) =>
  [p.first_name, p.last_name]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(" ");

/** 45 for 4500: totals are in cents; the message writes dollars in the reader's format ("$45.00", "45,00 $"). */
export const dollars = (cents: number) => cents / 100;

function record<T>(data: unknown, key: string, schema: z.ZodType<T>): T | null {
  if (!data || typeof data !== "object") return null;
  const parsed = schema.safeParse((data as Record<string, unknown>)[key]);
  return parsed.success ? parsed.data : null;
}

/** A summary's patient: their name, or their id marked as such (formatSummary then says "a patient"). */
function withPatient(
  id: string,
  names: KnownNames,
  params: SummaryParams,
): { params: SummaryParams; patientId: string; unnamedPatient?: true } {
  const name = names.patients.get(id);
  return name
    ? { params: { patient: name, ...params }, patientId: id }
    : { params: { patient: id, ...params }, patientId: id, unnamedPatient: true };
}

export function summarizeEvent(type: string, data: unknown, names: KnownNames = { patients: new Map() }): EventSummary {
  const malformed: EventSummary = { id: "malformed", params: { type } };
  switch (type) {
    case "patient.created":
    case "patient.updated":
    case "patient.emancipated": {
      const p = record(data, "patient", Named);
      if (!p) return malformed;
      const patient = nameOf(p) || names.patients.get(p.id) || p.id;
      return { id: type, params: { patient }, patientId: p.id };
    }
    case "order.placed": {
      const o = record(data, "order", Order);
      if (!o) return malformed;
      return {
        id: type,
        ...withPatient(o.patient_id, names, { total: dollars(o.total_cents) }),
      };
    }
    case "lab_order.updated": {
      const l = record(data, "lab_order", LabOrder);
      if (!l) return malformed;
      const test = l.test_name?.trim();
      const named = withPatient(l.patient_id, names, { test: test || "", testNamed: test ? "yes" : "no" });
      const id =
        l.status === "results_available"
          ? "lab_order.updated.results"
          : l.status === "amended"
            ? "lab_order.updated.amended"
            : "lab_order.updated";
      return { id, ...named };
    }
    case "product.created":
    case "product.updated":
    case "product.description.updated": {
      const p = record(data, "product", Product);
      if (!p) return malformed;
      return { id: type, params: { product: p.brand ? `${p.name} (${p.brand})` : p.name } };
    }
    case "treatment_plan.created":
    case "treatment_plan.updated":
    case "treatment_plan.recommendation.updated":
    case "treatment_plan.lab_recommendation.updated": {
      const t = record(data, "treatment_plan", Plan);
      if (!t) return malformed;
      const { params, unnamedPatient } = withPatient(t.patient_id, names, {
        products: t.recommendations?.length ?? 0,
        labs: t.lab_recommendations?.length ?? 0,
        state: t.state ?? "unknown",
      });
      const practitioner = t.practitioner_id ? names.people?.get(t.practitioner_id) : undefined;
      if (practitioner) params.practitioner = practitioner;
      const id =
        type === "treatment_plan.updated" && t.state === "cancelled"
          ? "treatment_plan.updated.cancelled"
          : type === "treatment_plan.updated" && t.state === "active"
            ? "treatment_plan.updated.active"
            : type;
      return { id, params, patientId: t.patient_id, planId: t.id, ...(unnamedPatient && { unnamedPatient }) };
    }
    case "clinic_key.activated":
    case "clinic_key.revoked":
      return { id: type, params: {} };
    default:
      return { id: "unknown", params: { type } };
  }
}

/** Patient ids an event's data points at (to look their names up before summarising). */
export function patientIdsOf(data: unknown): string[] {
  if (!data || typeof data !== "object") return [];
  const ids: string[] = [];
  for (const key of ["order", "lab_order", "treatment_plan"]) {
    const id = (data as Record<string, { patient_id?: unknown } | undefined>)[key]?.patient_id;
    if (typeof id === "string" && id) ids.push(id);
  }
  return ids;
}
