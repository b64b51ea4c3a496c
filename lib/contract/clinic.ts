// Clinic, patient, treatment plan, product, order and lab order records. The spec does not show
// their fields; these are the sandbox's design, kept small. Event `data` carries these records.
import { z } from "zod";
import { TimestampSchema } from "./common";

export const INTEGRATION_STATUSES = ["not_activated", "activated", "revoked"] as const;

/** `GET /api/clinic` → `{"clinic":{"id","name","integration_id"}}`. */
export const ClinicSchema = z.object({
  id: z.string(),
  name: z.string(),
  integration_id: z.string().nullable(),
  /** Sandbox extension: where the integration stands with respect to the clinic key. */
  integration_status: z.enum(INTEGRATION_STATUSES).optional(),
});
export type Clinic = z.infer<typeof ClinicSchema>;
export const ClinicResponseSchema = z.object({ clinic: ClinicSchema });

/**
 * Sandbox extension (the spec does not show the clinic's people): a practitioner or staff member of
 * the clinic, as `GET /api/clinic/practitioners` and `GET /api/clinic/staff` list them. Staff carry
 * their clinic role as the platform names it ("Clinic admin", "Front desk", "Office manager"…).
 */
export const PractitionerSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
});
export type Practitioner = z.infer<typeof PractitionerSchema>;
export const StaffMemberSchema = PractitionerSchema.extend({ role: z.string() });
export type StaffMember = z.infer<typeof StaffMemberSchema>;
/** The staff role that makes someone an admin of the clinic on the platform. */
export const CLINIC_ADMIN_ROLE = "Clinic admin";

export const PatientSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  practitioner_id: z.string().nullable(),
  emancipated_at: TimestampSchema.nullable(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
  /** Present with the sandbox's patch_version sandbox-extras. */
  full_name: z.string().optional(),
});
export type Patient = z.infer<typeof PatientSchema>;

export const TREATMENT_PLAN_STATES = ["draft", "active", "cancelled"] as const;
export const TreatmentPlanStateSchema = z.enum(TREATMENT_PLAN_STATES);

export const RecommendationSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  dosage: z.string().nullable(),
});
export const LabRecommendationSchema = z.object({ id: z.string(), test_name: z.string() });

export const TreatmentPlanSchema = z.object({
  id: z.string(),
  patient_id: z.string(),
  practitioner_id: z.string(),
  state: TreatmentPlanStateSchema,
  recommendations: z.array(RecommendationSchema),
  lab_recommendations: z.array(LabRecommendationSchema),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
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
