// Clinic, people, patient, treatment plan, product, order and lab order records. The spec does not
// show their fields. What the platform's documentation shows is required at most; the rest is
// optional and unknown keys are kept (docs/platform-api.md marks each field). Event `data` carries
// the product, order and lab order records.
import { z } from "zod";
import { TimestampSchema, wrappedOrBare } from "./common";

export const INTEGRATION_STATUSES = ["not_activated", "activated", "revoked"] as const;

/**
 * The clinic of the clinic key (`GET /api/clinic`). The spec says only that it gives the clinic's and
 * the integration's ids; the documentation shows the fields below. Only `id` and `name` are required
 * (the app keys and names the clinic by them); `clinic_id` is taken for `id` where `id` is absent.
 */
export const ClinicSchema = z.preprocess(
  (value) =>
    value && typeof value === "object" && (value as { id?: unknown }).id == null && "clinic_id" in value
      ? { ...value, id: (value as { clinic_id: unknown }).clinic_id }
      : value,
  z.looseObject({
    id: z.string(),
    name: z.string(),
    integration_id: z.string().nullable().optional(),
    integration_activated_at: TimestampSchema.nullable().optional(),
    patient_count: z.number().nullable().optional(),
    practitioner_count: z.number().nullable().optional(),
    /** Shown as a number in the documentation; a string is kept too (a percentage may come either way). */
    discount: z.union([z.number(), z.string()]).nullable().optional(),
    dispensary_url: z.string().nullable().optional(),
    margin_type: z.string().nullable().optional(),
    /** Sandbox extension: where the integration stands with respect to the clinic key. */
    integration_status: z.enum(INTEGRATION_STATUSES).optional(),
  }),
);
export type Clinic = z.infer<typeof ClinicSchema>;
/** The clinic under `clinic` (the sandbox) or bare: the documentation does not show a wrapper. */
export const ClinicResponseSchema = wrappedOrBare("clinic", ClinicSchema);

/**
 * A practitioner or staff member of the clinic, as `GET /api/clinic/practitioners` (a sandbox
 * extension) and `GET /api/clinic/staff` (documented, fields not shown) list them. Only `id` is
 * required. Staff carry their clinic role as the platform names it ("Clinic admin", "Front desk"…).
 */
export const PractitionerSchema = z.looseObject({
  id: z.string(),
  first_name: z.string().nullable().optional(),
  last_name: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
});
export type Practitioner = z.infer<typeof PractitionerSchema>;
export const StaffMemberSchema = PractitionerSchema.extend({ role: z.string().nullable().optional() });
export type StaffMember = z.infer<typeof StaffMemberSchema>;
/** The staff role that makes someone an admin of the clinic on the platform. */
export const CLINIC_ADMIN_ROLE = "Clinic admin";

/**
 * Patient record. Documented (the patient webhooks' record): id, first_name, last_name, email,
 * date_of_birth, gender, discount, total_discount, mobile_number, text_message_notification. The app
 * requires the id and the name; everything else is optional, the sandbox's own fields too.
 */
export const PatientSchema = z.looseObject({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable().optional(),
  date_of_birth: z.string().nullable().optional(),
  gender: z.string().nullable().optional(),
  discount: z.union([z.number(), z.string()]).nullable().optional(),
  total_discount: z.union([z.number(), z.string()]).nullable().optional(),
  mobile_number: z.string().nullable().optional(),
  text_message_notification: z.boolean().nullable().optional(),
  /** Sandbox: the patient's practitioner, timestamps. */
  practitioner_id: z.string().nullable().optional(),
  emancipated_at: TimestampSchema.nullable().optional(),
  created_at: TimestampSchema.nullable().optional(),
  updated_at: TimestampSchema.nullable().optional(),
  /** Present with the sandbox's patch_version sandbox-extras. */
  full_name: z.string().optional(),
});
export type Patient = z.infer<typeof PatientSchema>;
/** One patient (`GET /api/clinic/patients/{id}`): under `patient` (the sandbox) or bare (the documented mode). */
export const PatientResponseSchema = wrappedOrBare("patient", PatientSchema);

export const TREATMENT_PLAN_STATES = ["draft", "active", "cancelled"] as const;
export const TreatmentPlanStateSchema = z.enum(TREATMENT_PLAN_STATES);

/** The sandbox's recommendation; the documented one carries variant_id, dosage as an object… */
export const RecommendationSchema = z.looseObject({
  id: z.string().optional(),
  product_id: z.string().optional(),
  product_name: z.string().optional(),
  variant_id: z.string().optional(),
  dosage: z.unknown().optional(),
});
export const LabRecommendationSchema = z.looseObject({
  id: z.string().optional(),
  test_name: z.string().optional(),
  name: z.string().optional(),
});
const IdRefSchema = z.looseObject({ id: z.string() });

/**
 * A treatment plan as a list gives it. Documented (the plan webhooks' record): id, active (the string
 * "true"/"false"), available_at, patient {id} and practitioner {id} (newer records only),
 * recommendations, resources, lab_recommendations. The sandbox's list gives patient_id,
 * practitioner_id, state and timestamps instead. Only `id` is required; read it through
 * lib/contract/plan-view.ts, which understands both.
 */
export const TreatmentPlanSchema = z.looseObject({
  id: z.string(),
  patient_id: z.string().nullable().optional(),
  practitioner_id: z.string().nullable().optional(),
  patient: IdRefSchema.nullable().optional(),
  practitioner: IdRefSchema.nullable().optional(),
  state: z.string().nullable().optional(),
  active: z.union([z.string(), z.boolean()]).nullable().optional(),
  available_at: z.string().nullable().optional(),
  recommendations: z.array(RecommendationSchema).optional(),
  lab_recommendations: z.array(LabRecommendationSchema).optional(),
  resources: z.array(z.unknown()).optional(),
  created_at: TimestampSchema.nullable().optional(),
  updated_at: TimestampSchema.nullable().optional(),
});
export type TreatmentPlan = z.infer<typeof TreatmentPlanSchema>;

export const ProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  description: z.string(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type Product = z.infer<typeof ProductSchema>;

export const OrderSchema = z.object({
  id: z.string(),
  patient_id: z.string(),
  total_cents: z.number().int(),
  placed_at: TimestampSchema,
  /** What was bought: each a product's variant (as product events name variants), how many, what kind. */
  line_items: z.array(z.object({ variant_id: z.string(), quantity: z.number().int(), type: z.string() })),
});
export type Order = z.infer<typeof OrderSchema>;

export const LabOrderSchema = z.object({
  id: z.string(),
  patient_id: z.string(),
  test_name: z.string(),
  status: z.enum(["pending", "results_available", "amended"]),
  updated_at: TimestampSchema,
});
export type LabOrder = z.infer<typeof LabOrderSchema>;

/** Clinic key as it appears in events: never the key value itself. */
export const ClinicKeyInfoSchema = z.object({
  id: z.string(),
  clinic_id: z.string(),
  integration_id: z.string().nullable(),
  activated_at: TimestampSchema.nullable(),
  revoked_at: TimestampSchema.nullable(),
});
export type ClinicKeyInfo = z.infer<typeof ClinicKeyInfoSchema>;
