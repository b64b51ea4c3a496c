// What the "Add a patient" form sends and the rules it is held to, as the zod schema the server
// action validates with; its messages are catalog keys. People type numbers and percentages the
// way they say them ("(604) 555-0199", "10 %"): those are read into the platform's forms here, and
// only what cannot be read is refused. Not server-only: the form reads the field names and limits.
import { z } from "zod";
import { hasBidiControl } from "@/lib/bidi";
import type { PatientCreateInput } from "@/lib/contract/patient-create";
import {
  EMAIL_MAX,
  isBirthDate,
  isPatientDiscount,
  MOBILE_NUMBER_PATTERN,
  PATIENT_GENDERS,
  PATIENT_NAME_MAX,
} from "@/lib/contract/patient-values";

export const NEW_PATIENT_MESSAGES = {
  firstName: "newPatient.errors.firstName",
  lastName: "newPatient.errors.lastName",
  nameTooLong: "newPatient.errors.nameTooLong",
  nameCharacters: "newPatient.errors.nameCharacters",
  email: "newPatient.errors.email",
  birthDate: "newPatient.errors.birthDate",
  gender: "newPatient.errors.gender",
  mobile: "newPatient.errors.mobile",
  discount: "newPatient.errors.discount",
  emailTaken: "newPatient.errors.emailTaken",
} as const;

/** One line of text: no control characters, nothing that reverses the text's direction. */
const name = (required: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(PATIENT_NAME_MAX, NEW_PATIENT_MESSAGES.nameTooLong)
    .refine((n) => /^\P{Cc}*$/u.test(n) && !hasBidiControl(n), NEW_PATIENT_MESSAGES.nameCharacters);

/**
 * A mobile number in the platform's form (+12223334444), or null when it cannot be one. Spaces,
 * dashes, dots and brackets are dropped; ten digits are a North American number (+1 added); other
 * digits are taken to start with their country code.
 */
export function mobileNumberOf(typed: string): string | null {
  const compact = typed.replace(/[\s().\-\u00a0]/g, "");
  const digits = compact.replace(/^\+/, "");
  if (!/^\d+$/.test(digits)) return null;
  const number = compact.startsWith("+") ? compact : digits.length === 10 ? `+1${digits}` : `+${digits}`;
  return MOBILE_NUMBER_PATTERN.test(number) ? number : null;
}

/** A percentage as the platform takes it ("12.5"), or null; "10 %", "10%" and "12,5" are read too. */
export function discountOf(typed: string): string | null {
  const value = typed.replace(/\s|%/g, "").replace(",", ".");
  if (!isPatientDiscount(value)) return null;
  return String(Number(value));
}

const today = () => new Date().toISOString().slice(0, 10);
const optional = (rule: (value: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || rule(v), message);

export const NewPatientFormSchema = z.object({
  first_name: name(NEW_PATIENT_MESSAGES.firstName),
  last_name: name(NEW_PATIENT_MESSAGES.lastName),
  email: z
    .string(NEW_PATIENT_MESSAGES.email)
    .trim()
    .max(EMAIL_MAX, NEW_PATIENT_MESSAGES.email)
    .pipe(z.email(NEW_PATIENT_MESSAGES.email)),
  date_of_birth: optional((v) => isBirthDate(v, today()), NEW_PATIENT_MESSAGES.birthDate),
  gender: z.union([z.literal(""), z.enum(PATIENT_GENDERS)], NEW_PATIENT_MESSAGES.gender).optional(),
  mobile_number: optional((v) => mobileNumberOf(v) !== null, NEW_PATIENT_MESSAGES.mobile),
  discount: optional((v) => discountOf(v) !== null, NEW_PATIENT_MESSAGES.discount),
  /** A checkbox: sent ("on") when ticked, absent when not. */
  send_welcome_email: z.boolean(),
});
export type NewPatientForm = z.output<typeof NewPatientFormSchema>;

/** The form's fields from what the browser posted (a missing field reads as empty). */
export function newPatientFromForm(form: FormData): Record<string, unknown> {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  return {
    first_name: text("first_name"),
    last_name: text("last_name"),
    email: text("email"),
    date_of_birth: text("date_of_birth"),
    gender: text("gender"),
    mobile_number: text("mobile_number"),
    discount: text("discount"),
    send_welcome_email: form.has("send_welcome_email"),
  };
}

/** The platform's body: what was left empty is not sent (the platform's defaults apply). */
export function toCreateInput(form: NewPatientForm): PatientCreateInput {
  const mobile = form.mobile_number ? mobileNumberOf(form.mobile_number) : null;
  const discount = form.discount ? discountOf(form.discount) : null;
  return {
    email: form.email,
    first_name: form.first_name,
    last_name: form.last_name,
    ...(form.date_of_birth && { date_of_birth: form.date_of_birth }),
    ...(form.gender && { gender: form.gender }),
    ...(mobile && { mobile_number: mobile }),
    ...(discount && { discount }),
    send_welcome_email: form.send_welcome_email ? "true" : "false",
  };
}
