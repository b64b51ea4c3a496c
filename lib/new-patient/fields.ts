// The "Add a patient" form's fields, zod-free: the form in the browser reads them, and the server
// action's schema (./form) is held to the same names.
/** The form's fields, in the order the form shows them (the first at fault gets the focus). */
export const NEW_PATIENT_FIELDS = [
  "first_name",
  "last_name",
  "email",
  "date_of_birth",
  "gender",
  "mobile_number",
  "discount",
  "send_welcome_email",
] as const;
export type NewPatientField = (typeof NEW_PATIENT_FIELDS)[number];
