// Paths, query schemas and response schemas of the clinic list endpoints (spec 4.2, 4.6).
import { z } from "zod";
import { PatientSchema, PractitionerSchema, StaffMemberSchema, TreatmentPlanSchema } from "./clinic";
import { PageQuerySchema, paginatedSchema } from "./pagination";
import { ResourceRecordSchema, ServiceResourceRecordSchema } from "./resources";

export const CLINIC_PATHS = {
  clinic: "/api/clinic",
  patients: "/api/clinic/patients",
  /** Documented ("find individual patients"): one patient of the token's clinic; 404 for another clinic's. */
  patient: (patientId: string) => `/api/clinic/patients/${encodeURIComponent(patientId)}`,
  serviceResources: "/api/clinic/service_resources",
  /**
   * Not shown by the spec nor the documentation: the clinic's plans filtered by practitioner, which
   * the resource form offers to link. The app does without it when it answers 404.
   */
  treatmentPlans: "/api/clinic/treatment_plans",
  /** Documented: one patient's treatment plans. */
  patientTreatmentPlans: (patientId: string) => `/api/clinic/patients/${encodeURIComponent(patientId)}/treatment_plans`,
  /** Not shown anywhere (a sandbox extension): the clinic's practitioners; the app does without it. */
  practitioners: "/api/clinic/practitioners",
  /** Documented (its fields are not shown): the clinic's staff. */
  staff: "/api/clinic/staff",
  practitionerResources: (practitionerId: string) =>
    `/api/clinic/practitioners/${encodeURIComponent(practitionerId)}/resources`,
  practitionerResource: (practitionerId: string, id: string) =>
    `/api/clinic/practitioners/${encodeURIComponent(practitionerId)}/resources/${encodeURIComponent(id)}`,
} as const;

export const PlainListQuerySchema = z.strictObject({ ...PageQuerySchema.shape });
export const PatientListQuerySchema = z.strictObject({
  ...PageQuerySchema.shape,
  /** Case-insensitive match on first name, last name or email. */
  search: z.string().max(200).optional(),
});
export const TreatmentPlanListQuerySchema = z.strictObject({
  ...PageQuerySchema.shape,
  patient_id: z.string().min(1).optional(),
  practitioner_id: z.string().min(1).optional(),
  state: z.enum(["draft", "active", "cancelled"]).optional(),
});

export const ResourceListResponseSchema = paginatedSchema("resources", ResourceRecordSchema);
export type ResourceListResponse = z.infer<typeof ResourceListResponseSchema>;
export const ServiceResourceListResponseSchema = paginatedSchema("service_resources", ServiceResourceRecordSchema);
export type ServiceResourceListResponse = z.infer<typeof ServiceResourceListResponseSchema>;
export const PatientListResponseSchema = paginatedSchema("patients", PatientSchema);
export type PatientListResponse = z.infer<typeof PatientListResponseSchema>;
export const TreatmentPlanListResponseSchema = paginatedSchema("treatment_plans", TreatmentPlanSchema);
export type TreatmentPlanListResponse = z.infer<typeof TreatmentPlanListResponseSchema>;
export const PractitionerListResponseSchema = paginatedSchema("practitioners", PractitionerSchema);
export type PractitionerListResponse = z.infer<typeof PractitionerListResponseSchema>;
export const StaffListResponseSchema = paginatedSchema("staff", StaffMemberSchema);
export type StaffListResponse = z.infer<typeof StaffListResponseSchema>;
