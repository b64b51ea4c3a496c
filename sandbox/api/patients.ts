// POST /api/clinic/patients (documented): a new patient of the caller's clinic, answered 201 with
// the record (bare in the documented-records mode). A practitioner's patient is theirs; one made by
// staff or a clinic-level token has no practitioner yet. No event is created: the spec creates none
// for an action made through the API (6.1), so the app learns the patient from this answer.
import { json, type Reply } from "../http/reply";
import type { Ctx } from "../http/router";
import type { Principal } from "../platform/auth";
import { patientRecord } from "../state/serialize";
import type { PatientRow } from "../state/types";
import { shaped, single } from "./documented";
import { validatePatientCreate } from "./patient-input";

export function createPatient(ctx: Ctx & { principal: Principal }): Reply {
  const { clinicId, user } = ctx.principal;
  const input = validatePatientCreate(ctx.s, clinicId, ctx.body as Record<string, unknown>);
  const now = ctx.s.clock.now();
  const row: PatientRow = {
    id: ctx.s.ids.next("pat"),
    clinicId,
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    dateOfBirth: input.date_of_birth ?? null,
    practitionerId: ctx.principal.mode === "role" && user.type === "Practitioner" ? user.id : null,
    emancipatedAt: null,
    createdAt: now,
    updatedAt: now,
    gender: input.gender ?? null,
    mobileNumber: input.mobile_number ?? null,
    discount: input.discount === undefined ? 0 : Number(input.discount),
    metadataId: input.metadata?.id ?? null,
  };
  ctx.s.patients.set(row.id, row);
  const record = patientRecord(row, ctx.s.account.patchVersion);
  return json(201, single(ctx.s, "patient", shaped(ctx.s, "patient", record)));
}
