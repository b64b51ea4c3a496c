// GET /api/patients/:id: what to call a patient of the caller's clinic, for the embedded feature's
// notices (a plan activated there names its patient by id only). From the clinic's directory, else
// a few pages of the platform's patient list (lib/people/names.ts); `name` is null when neither
// knows the patient, and the notice then shows the id.
import { defineRoute } from "@/lib/actions/route";
import { succeeded } from "@/lib/results/result";
import { SECTIONS } from "@/lib/auth/sections";
import { clientForUser } from "@/lib/auth/platform-client";
import { PatientParamSchema } from "@/lib/embedded/session";
import { namePatients } from "@/lib/people/names";
import { z } from "zod";

export const dynamic = "force-dynamic";

export const GET = defineRoute(
  { name: "patients.name", roles: SECTIONS.embedded.roles, input: z.object({ id: PatientParamSchema }) },
  async ({ caller, input }) => {
    const names = await namePatients(await clientForUser(caller.user.id), caller.clinicId, [input.id]);
    return succeeded({ id: input.id, name: names[input.id] ?? null });
  },
);
