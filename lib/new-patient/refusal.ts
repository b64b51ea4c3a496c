// The platform's refusal of a new patient in the form's words. "Email already taken" is told apart
// from the other refusals by the field and the words (the platform's codes are not published; the
// sandbox says `taken`), because it has its own way forward: open the patient who has the address,
// or use another one. Other refusals naming a field go beside that field (the builder does that).
import "server-only";
import { ValidationError } from "@/lib/clinic-api/errors";
import { refused, type ActionFailure } from "@/lib/results/result";
import { NEW_PATIENT_MESSAGES } from "@/lib/new-patient/form";

const TAKEN_WORDS = /taken|already|exists|in use|duplicate/i;

export function emailTaken(error: unknown): boolean {
  if (!(error instanceof ValidationError)) return false;
  if (error.code === "taken" && error.fieldErrors.email) return true;
  const said = [...(error.fieldErrors.email ?? []), ...(error.fieldErrors._ ?? []), error.message];
  return said.some((m) => /email/i.test(m) && TAKEN_WORDS.test(m));
}

/** The refusal the form shows for `error`, or null when the builder's usual answer is right. */
export function newPatientRefusal(error: unknown): ActionFailure | null {
  if (!(error instanceof ValidationError) || !emailTaken(error)) return null;
  // Whatever else the platform named stays beside its field (its names are the form's).
  const { _: _general, email: _email, ...others } = error.fieldErrors;
  return refused("newPatient.notAdded", { ...others, email: [NEW_PATIENT_MESSAGES.emailTaken] });
}
