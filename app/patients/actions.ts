"use server";
// The patients list for the browser: the caller's clinic's patients as the platform pages them
// (page size up to 100), searched by name or email. The caller's own platform connection scopes the
// list to their clinic.
import { defineAction } from "@/lib/actions/builder";
import { succeeded } from "@/lib/results/result";
import { SECTIONS } from "@/lib/auth/sections";
import { clientForUser } from "@/lib/auth/platform-client";
import { auditPatientSearch } from "@/lib/audit/patient-search";
import { PatientPageQuerySchema } from "@/lib/resources/fields";
import { peopleNames, rememberListedPatients } from "@/lib/people/names";

export const loadPatients = defineAction(
  { name: "patients.list", roles: SECTIONS.patients.roles, input: PatientPageQuerySchema },
  async ({ caller, input }) => {
    const client = await clientForUser(caller.user.id);
    const page = await client.patients({ number: input.page, size: input.size }, input.q || undefined);
    await auditPatientSearch(caller, input.q, page);
    // Remembered so other pages (the treatment plans' banner, plan pickers) can say who a patient is.
    await rememberListedPatients(caller.clinicId, page.items);
    const practitionerIds = page.items.flatMap((p) => (p.practitioner_id ? [p.practitioner_id] : []));
    return succeeded({ ...page, practitionerNames: await peopleNames(caller.clinicId, practitionerIds) });
  },
);
