// Creating a patient: `POST /api/clinic/patients` as the platform's documentation shows it (the spec
// does not). What we send is exact; the answer is read loosely, as the patient record of
// lib/contract/clinic.ts, wrapped under `patient` or bare (the documentation shows neither).
// The documentation: email (required, unique), first_name and last_name (required), date_of_birth
// (yyyy-mm-dd), gender ('male', 'female' or 'x'), mobile_number (+12223334444),
// send_welcome_email (default true) and discount (a percentage, default 0; both strings), and
// metadata {id} (the integrator's own id for the patient). Not the place for the form's words.
import { z } from "zod";
import {
  EMAIL_MAX,
  isPatientDiscount,
  MOBILE_NUMBER_PATTERN,
  PATIENT_GENDERS,
  PATIENT_NAME_MAX,
} from "./patient-values";
import { isCalendarDate } from "./date-filter";

export const PatientGenderSchema = z.enum(PATIENT_GENDERS);

/** What the app sends. `date_of_birth` is checked against today by whoever has a clock. */
export const PatientCreateInputSchema = z.strictObject({
  email: z.email().max(EMAIL_MAX),
  first_name: z.string().trim().min(1).max(PATIENT_NAME_MAX),
  last_name: z.string().trim().min(1).max(PATIENT_NAME_MAX),
  date_of_birth: z.string().refine(isCalendarDate).optional(),
  gender: PatientGenderSchema.optional(),
  mobile_number: z.string().regex(MOBILE_NUMBER_PATTERN).optional(),
  send_welcome_email: z.enum(["true", "false"]).optional(),
  discount: z.string().refine(isPatientDiscount).optional(),
  metadata: z.strictObject({ id: z.string().trim().min(1).max(255) }).optional(),
});
export type PatientCreateInput = z.infer<typeof PatientCreateInputSchema>;

/** The answer is one patient, as `GET /api/clinic/patients/{id}` gives it: PatientResponseSchema. */
