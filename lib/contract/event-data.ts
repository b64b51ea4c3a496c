// The data of each event type as the platform's public documentation shows it (the spec leaves
// every payload "not shown"). What we accept is generous: each record is a loose object (unknown
// keys kept), and only what identifies the record is required; every other documented field is
// listed, optional, so that the drift report can tell a documented field that did not come from a
// field nobody documented. Types the documentation does not show (clinic keys, lab recommendation
// updates) have no schema here: their data is any object.
import { z } from "zod";
import { DOCUMENTED_RECORD_KEY, isDocumentedEventType, type DocumentedEventType } from "./event-types";

const Id = z.string().min(1);
const Text = z.string().nullish();

/** `data.patient` of patient.created, .updated and .emancipated. */
export const DocumentedPatientSchema = z.looseObject({
  id: Id,
  first_name: Text,
  last_name: Text,
  email: Text,
  date_of_birth: Text,
  gender: Text,
  discount: z.number().nullish(),
  total_discount: z.number().nullish(),
  mobile_number: Text,
  text_message_notification: z.boolean().nullish(),
});

/** order.placed: the order sits directly in `data` (no `order` key), with no amount or total. */
export const DocumentedOrderSchema = z.looseObject({
  id: Id,
  order_number: Text,
  completed_at: Text,
  patient_id: Id,
  practitioner_ids: z.array(z.string()).nullish(),
  treatment_plan_ids: z.array(z.string()).nullish(),
  line_items: z.array(z.looseObject({ variant_id: Text, quantity: z.number().nullish(), type: Text })).nullish(),
});

/** The lab statuses the documentation names, each said in words by the app. */
export const LAB_ORDER_STATUSES = [
  "results_received",
  "partial_results",
  "all_results_received",
  "results_ready",
  "results_amended",
] as const;

/** `data.lab_order` of lab_order.updated: it names the patient (first_name, last_name, email). */
export const DocumentedLabOrderSchema = z.looseObject({
  id: Id,
  practitioner_id: Text,
  patient_id: Id,
  first_name: Text,
  last_name: Text,
  email: Text,
  status: Text,
});

/** A product: no id; the brand is an object; msrp is a string such as "19.99". */
export const DocumentedProductSchema = z.looseObject({
  name: z.string().min(1),
  description_html: Text,
  dosage: z
    .looseObject({
      recommended_amount: Text,
      recommended_frequency: Text,
      recommended_duration: Text,
      format: Text,
      additional_info: Text,
    })
    .nullish(),
  brand: z.looseObject({ id: Text, name: Text, prefix: Text }).nullish(),
  variants: z
    .array(
      z.looseObject({
        id: Text,
        sku: Text,
        primary: z.boolean().nullish(),
        units: z.union([z.number(), z.string()]).nullish(),
        unit_of_measure: Text,
        availability: Text,
        status: Text,
        upc: Text,
        msrp: z.union([z.string(), z.number()]).nullish(),
        supplier_sku: Text,
      }),
    )
    .nullish(),
});

const Dosage = z.looseObject({
  amount: Text,
  frequency: Text,
  duration: Text,
  format: Text,
  additional_info: Text,
  time_of_day: z.array(z.string()).nullish(),
});

/** A resource as shown inside a treatment plan (the only resource record the documentation shows). */
export const DocumentedPlanResourceSchema = z.looseObject({
  id: Id,
  attachment_url: Text,
  category: Text,
  name: Text,
  type: Text,
});

/**
 * `data.treatment_plan`: `active` is the string "true" or "false"; `patient` and `practitioner`
 * ({id}) appear in newer examples only.
 */
export const DocumentedTreatmentPlanSchema = z.looseObject({
  id: Id,
  active: z.union([z.string(), z.boolean()]).nullish(),
  available_at: Text,
  patient: z.looseObject({ id: Id }).nullish(),
  practitioner: z.looseObject({ id: Id }).nullish(),
  recommendations: z
    .array(
      z.looseObject({
        variant_id: Text,
        refill: z.boolean().nullish(),
        units_to_purchase: z.number().nullish(),
        take_with: Text,
        dosage: Dosage.nullish(),
      }),
    )
    .nullish(),
  resources: z.array(DocumentedPlanResourceSchema).nullish(),
  lab_recommendations: z
    .array(
      z.looseObject({
        id: Text,
        name: Text,
        requires_fasting: z.boolean().nullish(),
        instructions: Text,
        tests: z.array(z.looseObject({ id: Text, name: Text })).nullish(),
      }),
    )
    .nullish(),
});

const documented = <T extends DocumentedEventType, S extends z.ZodType>(type: T, schema: S) => ({
  key: DOCUMENTED_RECORD_KEY[type],
  schema,
});

/** Each documented type: where its record sits in `data` (DOCUMENTED_RECORD_KEY) and its schema. */
export const DOCUMENTED_EVENT_DATA = {
  "patient.created": documented("patient.created", DocumentedPatientSchema),
  "patient.updated": documented("patient.updated", DocumentedPatientSchema),
  "patient.emancipated": documented("patient.emancipated", DocumentedPatientSchema),
  "order.placed": documented("order.placed", DocumentedOrderSchema),
  "lab_order.updated": documented("lab_order.updated", DocumentedLabOrderSchema),
  "product.created": documented("product.created", DocumentedProductSchema),
  "product.updated": documented("product.updated", DocumentedProductSchema),
  "product.description.updated": documented("product.description.updated", DocumentedProductSchema),
  "treatment_plan.created": documented("treatment_plan.created", DocumentedTreatmentPlanSchema),
  "treatment_plan.updated": documented("treatment_plan.updated", DocumentedTreatmentPlanSchema),
  "treatment_plan.recommendation.updated": documented(
    "treatment_plan.recommendation.updated",
    DocumentedTreatmentPlanSchema,
  ),
} satisfies Record<DocumentedEventType, { key: string | null; schema: z.ZodType }>;

export { isDocumentedEventType, type DocumentedEventType };

/** The record a documented event's data holds, where the documentation puts it (undefined if absent). */
export function documentedRecordOf(type: DocumentedEventType, data: unknown): unknown {
  if (!data || typeof data !== "object") return undefined;
  const key = DOCUMENTED_RECORD_KEY[type];
  return key === null ? data : (data as Record<string, unknown>)[key];
}
