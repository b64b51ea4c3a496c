// Creating a patient: `POST /api/clinic/patients` as the platform's documentation shows it (the spec
// does not). What we send is exact; the answer is read loosely, as the patient record of
// lib/contract/clinic.ts, wrapped under `patient` or bare (the documentation shows neither).
// The documentation: email (required, unique), first_name and last_name (required), date_of_birth
// (yyyy-mm-dd), gender ('male', 'female' or 'x'), mobile_number (+12223334444),
// send_welcome_email (default true) and discount (a percentage, default 0; both strings), and
// metadata {id} (the integrator's own id for the patient). Not the place for the form's words.
import { z } from "zod";
import { isCalendarDate } from "./date-filter";

export const PATIENT_GENDERS = ["male", "female", "x"] as const;
export const PatientGenderSchema = z.enum(PATIENT_GENDERS);
export type PatientGender = z.infer<typeof PatientGenderSchema>;

/**
 * A patient's own discount, in percent. The platform's help pages set the regional maximum of all
 * discounts together at 35 % in the US and 25 % in Canada; 35 is the most any clinic may give one
 * patient, and the platform refuses what passes its own region's maximum with the clinic's discount.
 */
export const PATIENT_DISCOUNT_MAX = 35;
/** A percentage as the platform takes it: a whole number or two decimals, "0" to "35". */
export const PATIENT_DISCOUNT_PATTERN = /^\d{1,2}(\.\d{1,2})?$/;
/** The documentation's form: a plus, a country code and the number, digits only (+12223334444). */
export const MOBILE_NUMBER_PATTERN = /^\+[1-9]\d{7,14}$/;
/** Birth dates before this are typing mistakes. */
export const EARLIEST_BIRTH_DATE = "1900-01-01";
export const PATIENT_NAME_MAX = 100;
export const EMAIL_MAX = 254;

export const isPatientDiscount = (value: string): boolean =>
  PATIENT_DISCOUNT_PATTERN.test(value) && Number(value) <= PATIENT_DISCOUNT_MAX;

/** A real day from EARLIEST_BIRTH_DATE to `today` (yyyy-mm-dd, the caller's clock). */
export const isBirthDate = (value: string, today: string): boolean =>
  isCalendarDate(value) && value >= EARLIEST_BIRTH_DATE && value <= today;

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
