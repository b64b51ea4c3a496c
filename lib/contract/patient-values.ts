// A new patient's rules that need no validator: the genders the platform takes, the discount's
// bounds, the forms of a mobile number and a birth date. Zod-free, so the browser's form can import
// them without zod; the request schema in ./patient-create is built from these same values.
import { isCalendarDate } from "./date-filter";

export const PATIENT_GENDERS = ["male", "female", "x"] as const;
export type PatientGender = (typeof PATIENT_GENDERS)[number];

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
