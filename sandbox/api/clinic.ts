// The clinic, its patients, service-provided resources, treatment plans and file downloads.
import {
  DEFAULT_PAGE_SIZE,
  paginate,
  PatientListQuerySchema,
  PatientPlanListQuerySchema,
  PlainListQuerySchema,
  TreatmentPlanListQuerySchema,
} from "@/lib/contract";
import { ApiError, notFound } from "../http/errors";
import { parseQuery } from "../http/query";
import { json, type Reply } from "../http/reply";
import type { Ctx } from "../http/router";
import type { Principal } from "../platform/auth";
import {
  clinicRecord,
  patientRecord,
  personRecord,
  serviceResourceRecord,
  treatmentPlanRecord,
} from "../state/serialize";
import { shaped, single, undocumentedPath } from "./documented";
import { planOut } from "./patient-records";

type Authed = Ctx & { principal: Principal };
const pageOf = <T>(rows: T[], q: { "page[number]"?: number; "page[size]"?: number }) =>
  paginate(rows, q["page[number]"] ?? 1, q["page[size]"] ?? DEFAULT_PAGE_SIZE);

export function getClinic(ctx: Authed): Reply {
  const clinic = ctx.s.clinics.get(ctx.principal.clinicId);
  if (!clinic) throw notFound("clinic");
  return json(200, single(ctx.s, "clinic", shaped(ctx.s, "clinic", clinicRecord(ctx.s, clinic))));
}

export function listPatients(ctx: Authed): Reply {
  const q = parseQuery(PatientListQuerySchema, ctx.query);
  const needle = q.search?.trim().toLowerCase();
  const rows = ctx.s
    .patientsOf(ctx.principal.clinicId)
    .filter((p) => !needle || `${p.firstName} ${p.lastName} ${p.email ?? ""}`.toLowerCase().includes(needle))
    .sort(
      (a, b) =>
        a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.id.localeCompare(b.id),
    );
  const page = pageOf(rows, q);
  return json(200, {
    patients: page.items.map((p) => shaped(ctx.s, "patient", patientRecord(p, ctx.s.account.patchVersion))),
    meta: page.meta,
  });
}

/** Documented: GET /api/clinic/patients/{id}, one patient of the token's clinic (another clinic's is not found). */
export function getPatient(ctx: Authed): Reply {
  const patient = ctx.s.patients.get(ctx.params.patientId);
  if (!patient || patient.clinicId !== ctx.principal.clinicId) throw notFound("patient");
  const record = shaped(ctx.s, "patient", patientRecord(patient, ctx.s.account.patchVersion));
  return json(200, single(ctx.s, "patient", record));
}

export function listServiceResources(ctx: Authed): Reply {
  const q = parseQuery(PlainListQuerySchema, ctx.query);
  const page = pageOf(ctx.s.serviceResources, q);
  return json(200, {
    service_resources: page.items.map((r) => shaped(ctx.s, "resource", serviceResourceRecord(ctx.s, r))),
    meta: page.meta,
  });
}

/** The clinic's people, by last then first name (as the patients list). Staff: documented path; practitioners: not. */
function peopleOf(ctx: Authed, type: "Practitioner" | "Staff") {
  if (!ctx.s.account.peopleLists) throw ApiError.of(404, "not_found", `No route for GET ${ctx.url.pathname}.`);
  if (type === "Practitioner") undocumentedPath(ctx);
  const q = parseQuery(PlainListQuerySchema, ctx.query);
  const rows = [...ctx.s.users.values()]
    .filter((u) => u.clinicId === ctx.principal.clinicId && u.type === type)
    .sort(
      (a, b) =>
        a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.id.localeCompare(b.id),
    );
  return pageOf(rows, q);
}

export function listPractitioners(ctx: Authed): Reply {
  const page = peopleOf(ctx, "Practitioner");
  return json(200, { practitioners: page.items.map((u) => shaped(ctx.s, "person", personRecord(u))), meta: page.meta });
}

export function listStaff(ctx: Authed): Reply {
  const page = peopleOf(ctx, "Staff");
  return json(200, {
    staff: page.items.map((u) => shaped(ctx.s, "person", { ...personRecord(u), role: u.role })),
    meta: page.meta,
  });
}

/** Not shown by the spec nor the documentation: the clinic's plans, filtered (the app does without it). */
export function listTreatmentPlans(ctx: Authed): Reply {
  undocumentedPath(ctx);
  const q = parseQuery(TreatmentPlanListQuerySchema, ctx.query);
  const rows = [...ctx.s.treatmentPlans.values()]
    .filter((t) => t.clinicId === ctx.principal.clinicId)
    .filter(
      (t) =>
        (!q.patient_id || t.patientId === q.patient_id) &&
        (!q.practitioner_id || t.practitionerId === q.practitioner_id) &&
        (!q.state || t.state === q.state),
    )
    .sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
  const page = pageOf(rows, q);
  return json(200, { treatment_plans: page.items.map((t) => treatmentPlanRecord(ctx.s, t)), meta: page.meta });
}

/**
 * Documented: GET /api/clinic/patients/{patient_id}/treatment_plans, one patient's plans, by
 * `sort_by` (created_at, the default, or updated_at) in `order_by` order (ASC, the default, or DESC).
 */
export function listPatientTreatmentPlans(ctx: Authed): Reply {
  const q = parseQuery(PatientPlanListQuerySchema, ctx.query);
  const patient = ctx.s.patients.get(ctx.params.patientId);
  if (!patient || patient.clinicId !== ctx.principal.clinicId) throw notFound("patient");
  const key = q.sort_by === "updated_at" ? "updatedAt" : "createdAt";
  const sign = q.order_by === "DESC" ? -1 : 1;
  const rows = [...ctx.s.treatmentPlans.values()]
    .filter((t) => t.clinicId === ctx.principal.clinicId && t.patientId === patient.id)
    .sort((a, b) => sign * (a[key] - b[key]) || a.id.localeCompare(b.id));
  const page = pageOf(rows, q);
  return json(200, { treatment_plans: page.items.map((t) => planOut(ctx.s, t)), meta: page.meta });
}

/** GET /files/:ownerId/:token/:name — unguessable link, like a signed storage URL. */
export function downloadFile(ctx: Ctx): Reply {
  const { ownerId, token } = ctx.params;
  const row = ctx.s.resources.get(ownerId) ?? ctx.s.serviceResources.find((r) => r.id === ownerId);
  if (!row || row.file.linkToken !== token) throw notFound("file");
  return {
    status: 200,
    bytes: row.file.bytes,
    contentType: row.file.contentType,
    headers: { "Content-Disposition": `attachment; filename="${row.file.fileName.replace(/"/g, "")}"` },
  };
}
