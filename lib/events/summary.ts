// One line a person understands for each event: who, what, how much, built from the event's data
// and the names the app knows (patients' names from earlier events, the clinic's people). A summary
// is a message id and its parameters, so a translation replaces only the messages
// (lib/events/summary-messages.ts, ICU syntax as next-intl reads it). Each type is read in the shape
// the platform's documentation shows (lib/contract/event-data.ts) and, for events stored before the
// app knew that shape, in the sandbox's older one (`data.order` with `total_cents`, a plan's
// `patient_id` and `state`, a product's string brand). Summaries are made when the events are read,
// never stored, so a shape the app learns applies at once to every event already stored. Unknown
// types and data of neither shape fall back to what can be said safely. Pure: shared by the server
// (which builds summaries) and the browser (which words them).
import { z } from "zod";
import {
  DocumentedLabOrderSchema,
  DocumentedOrderSchema,
  DocumentedProductSchema,
  DocumentedTreatmentPlanSchema,
  documentedRecordOf,
} from "@/lib/contract/event-data";
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
  /** Patient id → name (from patient and lab order events). */
  patients: ReadonlyMap<string, string>;
  /** Practitioner or staff id → name (the clinic's directory). */
  people?: ReadonlyMap<string, string>;
}

const Id = z.string().min(1);
const Named = z.object({ id: Id, first_name: z.string().nullish(), last_name: z.string().nullish() });
/** The sandbox's older order: `data.order`, with an amount. */
const OldOrder = z.object({ id: Id, patient_id: Id, total_cents: z.number().int() });
/** The sandbox's older plan: `patient_id`, `practitioner_id` and a `state`. */
const OldPlan = z.object({ patient_id: Id, practitioner_id: z.string().nullish(), state: z.string().optional() });
const Counted = z.object({
  recommendations: z.array(z.unknown()).nullish(),
  lab_recommendations: z.array(z.unknown()).nullish(),
});
const OldLabOrder = z.object({ test_name: z.string().optional() });

const nameOf = (p: { first_name?: string | null; last_name?: string | null }) =>
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

function parse<T>(value: unknown, schema: z.ZodType<T>): T | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A summary's patient: their name, or their id marked as such (formatSummary then says "a patient"). */
function withPatient(
  id: string,
  names: KnownNames,
  params: SummaryParams,
  carried = "",
): { params: SummaryParams; patientId: string; unnamedPatient?: true } {
  const name = carried || names.patients.get(id);
  return name
    ? { params: { patient: name, ...params }, patientId: id }
    : { params: { patient: id, ...params }, patientId: id, unnamedPatient: true };
}

/** Lab statuses in words: the documentation names two spellings for partial and for complete results. */
const LAB_STATUS_MESSAGE: Record<string, SummaryMessageId> = {
  results_received: "lab_order.updated.partial",
  partial_results: "lab_order.updated.partial",
  all_results_received: "lab_order.updated.ready",
  results_ready: "lab_order.updated.ready",
  results_amended: "lab_order.updated.amended",
  // The sandbox's older statuses.
  results_available: "lab_order.updated.results",
  amended: "lab_order.updated.amended",
};

/** A product as documented (brand an object), or as older data had it (brand a string). */
const Product = DocumentedProductSchema.extend({
  brand: z.union([z.string(), z.looseObject({ name: z.string().nullish() })]).nullish(),
});

/**
 * "Name (Brand)". The documented product.created holds the product directly in `data`, its updates
 * under `data.product`; older data had it under `data.product` for every type.
 */
function productLabel(data: unknown, type: "product.created" | "product.updated" | "product.description.updated") {
  const p = parse(documentedRecordOf(type, data), Product) ?? record(data, "product", Product);
  if (!p) return null;
  const brand = (typeof p.brand === "string" ? p.brand : p.brand?.name)?.trim();
  return brand ? `${p.name} (${brand})` : p.name;
}

/** Whether an active flag says "no": the documentation sends the string "true"/"false". */
const saysInactive = (active: unknown) => active === false || (typeof active === "string" && /^false$/i.test(active));

function planSummary(type: string, data: unknown, names: KnownNames): EventSummary | null {
  const plan = record(data, "treatment_plan", DocumentedTreatmentPlanSchema);
  if (!plan) return null;
  const old = parse(plan, OldPlan);
  const counted = parse(plan, Counted);
  const patientId = plan.patient?.id ?? old?.patient_id;
  const practitionerId = plan.practitioner?.id ?? old?.practitioner_id ?? undefined;
  const practitioner = practitionerId ? names.people?.get(practitionerId) : undefined;
  const counts = {
    products: counted?.recommendations?.length ?? 0,
    labs: counted?.lab_recommendations?.length ?? 0,
    hasPractitioner: practitioner ? "yes" : "no",
    ...(practitioner && { practitioner }),
  };
  const who = patientId
    ? { ...withPatient(patientId, names, { ...counts, hasPatient: "yes" }) }
    : { params: { patient: "", ...counts, hasPatient: "no" } };
  // As documented, treatment_plan.updated fires when an active plan is cancelled (its example still
  // shows active "true"); older data said what happened in `state`.
  const id: SummaryMessageId =
    type !== "treatment_plan.updated"
      ? (type as SummaryMessageId)
      : old?.state === undefined || old.state === "cancelled" || saysInactive(plan.active)
        ? "treatment_plan.updated.cancelled"
        : old.state === "active"
          ? "treatment_plan.updated.active"
          : "treatment_plan.updated";
  return { id, ...who, planId: plan.id };
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
      const old = record(data, "order", OldOrder);
      if (old)
        return { id: "order.placed.total", ...withPatient(old.patient_id, names, { total: dollars(old.total_cents) }) };
      const o = parse(data, DocumentedOrderSchema);
      if (!o) return malformed;
      const items = (o.line_items ?? []).reduce((n, item) => n + (item.quantity ?? 1), 0);
      const number = o.order_number?.trim() || o.id;
      return { id: type, ...withPatient(o.patient_id, names, { number, items }) };
    }
    case "lab_order.updated": {
      const l = record(data, "lab_order", DocumentedLabOrderSchema);
      if (!l) return malformed;
      const test = parse(l, OldLabOrder)?.test_name?.trim();
      const status = l.status?.trim() ?? "";
      const id = LAB_STATUS_MESSAGE[status] ?? "lab_order.updated";
      const params = { test: test || "", testNamed: test ? "yes" : "no", status, statusNamed: status ? "yes" : "no" };
      return { id, ...withPatient(l.patient_id, names, params, nameOf(l)) };
    }
    case "product.created":
    case "product.updated":
    case "product.description.updated": {
      const product = productLabel(data, type);
      return product ? { id: type, params: { product } } : malformed;
    }
    case "treatment_plan.created":
    case "treatment_plan.updated":
    case "treatment_plan.recommendation.updated":
    case "treatment_plan.lab_recommendation.updated":
      return planSummary(type, data, names) ?? malformed;
    case "clinic_key.activated":
    case "clinic_key.revoked":
      return { id: type, params: {} };
    default:
      return { id: "unknown", params: { type } };
  }
}

const idAt = (value: unknown, ...path: string[]): string | null => {
  let v = value;
  for (const key of path) v = v && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined;
  return typeof v === "string" && v ? v : null;
};

/** Patient ids an event's data points at (to look their names up before summarising). */
export function patientIdsOf(data: unknown): string[] {
  const ids = [
    idAt(data, "order", "patient_id"),
    idAt(data, "lab_order", "patient_id"),
    idAt(data, "treatment_plan", "patient_id"),
    idAt(data, "treatment_plan", "patient", "id"),
    // order.placed as documented: the order is the data itself.
    idAt(data, "patient_id"),
  ];
  return [...new Set(ids.filter((id): id is string => id !== null))];
}

/** Practitioner ids an event's data points at (to name them from the clinic's directory). */
export function practitionerIdsOf(data: unknown): string[] {
  const ids = [
    idAt(data, "treatment_plan", "practitioner_id"),
    idAt(data, "treatment_plan", "practitioner", "id"),
    idAt(data, "lab_order", "practitioner_id"),
    // order.placed as documented: the order is the data itself, naming its practitioners in a list.
    ...(data && typeof data === "object" && Array.isArray((data as { practitioner_ids?: unknown }).practitioner_ids)
      ? (data as { practitioner_ids: unknown[] }).practitioner_ids.map((id) =>
          typeof id === "string" && id ? id : null,
        )
      : []),
  ];
  return [...new Set(ids.filter((id): id is string => id !== null))];
}
