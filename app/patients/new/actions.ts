"use server";
// Adds a patient to the caller's clinic at the platform (practitioners and staff), then makes the app
// know them at once: their name is kept as a webhook would keep it (the platform sends no event for a
// patient made through the API), so the patients list, the timeline's search and their page name
// them. Audited. Every refusal comes back in words, beside the field it is about.
import { defineFormAction } from "@/lib/actions/builder";
import { succeeded } from "@/lib/results/result";
import { SECTIONS } from "@/lib/auth/sections";
import { clientForUser } from "@/lib/auth/platform-client";
import { auditPatientCreated } from "@/lib/audit/patient-created";
import { NewPatientFormSchema, newPatientFromForm, toCreateInput } from "@/lib/new-patient/form";
import { newPatientRefusal } from "@/lib/new-patient/refusal";
import { rememberListedPatients } from "@/lib/people/names";

export const createPatientAction = defineFormAction(
  {
    name: "patients.create",
    roles: SECTIONS.patients.roles,
    input: NewPatientFormSchema,
    fromForm: newPatientFromForm,
  },
  async ({ caller, input }) => {
    const client = await clientForUser(caller.user.id);
    const body = toCreateInput(input);
    let patient;
    try {
      patient = await client.createPatient(body);
    } catch (error) {
      const refusal = newPatientRefusal(error);
      if (refusal) return refusal;
      throw error;
    }
    await rememberListedPatients(caller.clinicId, [patient]);
    await auditPatientCreated(caller, patient, {
      welcomeEmail: body.send_welcome_email === "true",
      discount: body.discount ?? null,
    });
    const name = `${patient.first_name} ${patient.last_name}`.trim();
    return succeeded({ id: patient.id }, "newPatient.added", { name });
  },
);
