// The rules of POST /api/clinic/patients, one error per field at fault, each naming the field and
// what it takes. The body's shape is the contract's (lib/contract/patient-create.ts); what needs the
// clinic's state or the clock is checked here: a birth date after today, an email another patient of
// the clinic has (the documentation: "Unique Email for the Patient"; another clinic may have it), an
// integrator's id another patient of the clinic carries.
import {
  EARLIEST_BIRTH_DATE,
  EMAIL_MAX,
  isBirthDate,
  PATIENT_DISCOUNT_MAX,
  PATIENT_GENDERS,
  PATIENT_NAME_MAX,
  PatientCreateInputSchema,
  type ApiErrorItem,
  type PatientCreateInput,
} from "@/lib/contract";
import { ApiError } from "../http/errors";
import type { SandboxState } from "../state/store";

/** What each field takes, said when it does not. */
const RULES: Record<string, string> = {
  email: `email must be an email address of at most ${EMAIL_MAX} characters.`,
  first_name: `first_name must be 1 to ${PATIENT_NAME_MAX} characters.`,
  last_name: `last_name must be 1 to ${PATIENT_NAME_MAX} characters.`,
  date_of_birth: `date_of_birth must be a real day in the format yyyy-mm-dd, from ${EARLIEST_BIRTH_DATE} to today.`,
  gender: `gender must be one of: ${PATIENT_GENDERS.join(", ")}.`,
  mobile_number:
    "mobile_number must be in the format +12223334444: a plus, the country code and the number, digits only.",
  send_welcome_email: 'send_welcome_email must be "true" or "false".',
  discount: `discount must be a percentage from 0 to ${PATIENT_DISCOUNT_MAX} (at most two decimals), as a string.`,
  metadata: "metadata must be an object with one field, id: your system's id for the patient (1 to 255 characters).",
};
const REQUIRED = new Set(["email", "first_name", "last_name"]);

function shapeErrors(body: Record<string, unknown>): ApiErrorItem[] {
  const parsed = PatientCreateInputSchema.safeParse(body);
  if (parsed.success) return [];
  const items: ApiErrorItem[] = [];
  const seen = new Set<string>();
  for (const issue of parsed.error.issues) {
    if (issue.code === "unrecognized_keys" && issue.path.length === 0) {
      for (const k of issue.keys)
        items.push({ code: "invalid_value", field: k, message: `${k} is not an accepted field.` });
      continue;
    }
    const field = String(issue.path[0]);
    if (seen.has(field)) continue;
    seen.add(field);
    if (REQUIRED.has(field) && body[field] === undefined)
      items.push({ code: "required", field, message: `${field} is required.` });
    else items.push({ code: "invalid_value", field, message: RULES[field] ?? `${field} is not valid.` });
  }
  return items;
}

export function validatePatientCreate(
  s: SandboxState,
  clinicId: string,
  body: Record<string, unknown>,
): PatientCreateInput {
  const items = shapeErrors(body);
  if (items.length) throw new ApiError(422, items);
  const input = PatientCreateInputSchema.parse(body);
  const today = new Date(s.clock.now()).toISOString().slice(0, 10);
  if (input.date_of_birth !== undefined && !isBirthDate(input.date_of_birth, today))
    items.push({ code: "invalid_value", field: "date_of_birth", message: RULES.date_of_birth });
  const patients = s.patientsOf(clinicId);
  const email = input.email.toLowerCase();
  if (patients.some((p) => p.email?.toLowerCase() === email))
    items.push({ code: "taken", field: "email", message: "email has already been taken by a patient of this clinic." });
  const ownId = input.metadata?.id;
  if (ownId !== undefined && patients.some((p) => p.metadataId === ownId))
    items.push({
      code: "taken",
      field: "metadata.id",
      message: "metadata.id is already used by a patient of this clinic.",
    });
  if (items.length) throw new ApiError(422, items);
  return input;
}
