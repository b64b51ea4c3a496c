// A patient's plans, orders and lab orders as the platform's documented reads give them, and the
// documented plan cancel. The documentation shows the paths and their arguments, not the answers'
// fields: what it shows elsewhere (the order.placed and lab_order.updated webhooks, the labs guide)
// is what these schemas name, everything optional but the id, unknown keys kept.
import { z } from "zod";
import { wrappedOrBare } from "./common";
import { TreatmentPlanSchema } from "./clinic";
import { PageQuerySchema, paginatedSchema } from "./pagination";

const enc = encodeURIComponent;
const Text = z.string().nullish();

export const PATIENT_RECORD_PATHS = {
  /** Documented: one patient's orders (completed or refunded). */
  patientOrders: (patientId: string) => `/api/clinic/patients/${enc(patientId)}/orders`,
  /** Documented: one order. */
  order: (id: string) => `/api/clinic/orders/${enc(id)}`,
  /** Documented: the clinic's lab orders, filtered by `patient_id`. */
  labOrders: "/api/clinic/labs/orders",
  /** Documented: one lab order (its state, tests[] and results[]). */
  labOrder: (id: string) => `/api/clinic/labs/orders/${enc(id)}`,
  /** Documented: cancels a plan. The answer's body is not shown. */
  cancelTreatmentPlan: (id: string) => `/api/clinic/treatment_plans/${enc(id)}/cancel`,
} as const;

/** The documented per-patient plans list's arguments: its order, and the pages of every list. */
export const PatientPlanListQuerySchema = z.strictObject({
  ...PageQuerySchema.shape,
  sort_by: z.enum(["created_at", "updated_at"]).optional(),
  order_by: z.enum(["ASC", "DESC"]).optional(),
});
export const LabOrderListQuerySchema = z.strictObject({
  ...PageQuerySchema.shape,
  patient_id: z.string().min(1).max(200).optional(),
});

/** An order's line: a variant, how many, and its kind ("supplement", "labs"…); never a name or a price. */
export const OrderLineItemSchema = z.looseObject({
  variant_id: Text,
  quantity: z.number().nullish(),
  type: Text,
});

/**
 * An order, as the order.placed webhook documents its record: no amount. `total` is shown where a
 * platform sends one (no documentation shows it).
 */
export const PlatformOrderSchema = z.looseObject({
  id: z.string(),
  order_number: Text,
  completed_at: Text,
  patient_id: Text,
  practitioner_ids: z.array(z.string()).nullish(),
  treatment_plan_ids: z.array(z.string()).nullish(),
  line_items: z.array(OrderLineItemSchema).nullish(),
  total: z.union([z.string(), z.number()]).nullish(),
});
export type PlatformOrder = z.infer<typeof PlatformOrderSchema>;

/** A lab order: the webhook's fields, and the labs guide's state, tests[] and results[]. */
export const PlatformLabOrderSchema = z.looseObject({
  id: z.string(),
  patient_id: Text,
  practitioner_id: Text,
  status: Text,
  state: Text,
  tests: z.array(z.looseObject({ id: Text, name: Text })).nullish(),
  results: z.array(z.unknown()).nullish(),
  created_at: Text,
  updated_at: Text,
});
export type PlatformLabOrder = z.infer<typeof PlatformLabOrderSchema>;

export const OrderListResponseSchema = paginatedSchema("orders", PlatformOrderSchema);
export const OrderResponseSchema = wrappedOrBare("order", PlatformOrderSchema);
export const LabOrderListResponseSchema = paginatedSchema("lab_orders", PlatformLabOrderSchema);
export const LabOrderResponseSchema = wrappedOrBare("lab_order", PlatformLabOrderSchema);

/** The cancel's answer is not shown: an empty body, the plan bare, or under `treatment_plan`. */
export const PlanCancelResponseSchema = z.union([
  wrappedOrBare("treatment_plan", TreatmentPlanSchema),
  z.looseObject({}).transform(() => ({ treatment_plan: undefined })),
]);
