// One patient's orders and lab orders, one order or lab order, and the plan cancel, at the
// platform's documented paths and in the shapes its documentation shows (the order.placed and
// lab_order.updated records; a lab order also has tests[] and results[], as the labs guide says).
// Records of another clinic answer 404, as missing ones do. A cancel through the API creates no
// event (spec 6.1 rule 2): only the clinic's own actions on the platform do.
import { DEFAULT_PAGE_SIZE, LabOrderListQuerySchema, paginate, PlainListQuerySchema } from "@/lib/contract";
import { ApiError, notFound } from "../http/errors";
import { parseQuery } from "../http/query";
import { json, type Reply } from "../http/reply";
import type { Ctx } from "../http/router";
import type { Principal } from "../platform/auth";
import { documentedLabOrder, documentedOrder, documentedPlan } from "../events/payloads";
import { labOrderRecord, orderRecord, treatmentPlanRecord } from "../state/serialize";
import type { SandboxState } from "../state/store";
import type { LabOrderRow, OrderRow, TreatmentPlanRow } from "../state/types";
import { single } from "./documented";

type Authed = Ctx & { principal: Principal };
const pageOf = <T>(rows: T[], q: { "page[number]"?: number; "page[size]"?: number }) =>
  paginate(rows, q["page[number]"] ?? 1, q["page[size]"] ?? DEFAULT_PAGE_SIZE);

function ofClinic<T extends { clinicId: string }>(ctx: Authed, row: T | undefined, what: string): T {
  if (!row || row.clinicId !== ctx.principal.clinicId) throw notFound(what);
  return row;
}

const orderOut = (s: SandboxState, o: OrderRow) => documentedOrder(s, orderRecord(o));

function labOrderOut(s: SandboxState, l: LabOrderRow) {
  return {
    ...documentedLabOrder(s, labOrderRecord(l)),
    tests: [{ id: `${l.id}-t1`, name: l.testName }],
    results: l.status === "pending" ? [] : [{ id: `${l.id}-r1`, name: l.testName }],
    updated_at: new Date(l.updatedAt).toISOString(),
  };
}

/** A plan as the account shows it: the sandbox's record, or the documented one. */
export function planOut(s: SandboxState, t: TreatmentPlanRow) {
  const record = treatmentPlanRecord(s, t);
  return s.account.documentedRecords ? documentedPlan(record) : record;
}

/** GET /api/clinic/patients/{patient_id}/orders: newest first. */
export function listPatientOrders(ctx: Authed): Reply {
  const q = parseQuery(PlainListQuerySchema, ctx.query);
  const patient = ofClinic(ctx, ctx.s.patients.get(ctx.params.patientId), "patient");
  const rows = [...ctx.s.orders.values()]
    .filter((o) => o.clinicId === patient.clinicId && o.patientId === patient.id)
    .sort((a, b) => b.placedAt - a.placedAt || a.id.localeCompare(b.id));
  const page = pageOf(rows, q);
  return json(200, { orders: page.items.map((o) => orderOut(ctx.s, o)), meta: page.meta });
}

export function getOrder(ctx: Authed): Reply {
  const order = ofClinic(ctx, ctx.s.orders.get(ctx.params.id), "order");
  return json(200, single(ctx.s, "order", orderOut(ctx.s, order)));
}

/** GET /api/clinic/labs/orders: the clinic's lab orders, newest first, filtered by `patient_id`. */
export function listLabOrders(ctx: Authed): Reply {
  const q = parseQuery(LabOrderListQuerySchema, ctx.query);
  const rows = [...ctx.s.labOrders.values()]
    .filter((l) => l.clinicId === ctx.principal.clinicId && (!q.patient_id || l.patientId === q.patient_id))
    .sort((a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id));
  const page = pageOf(rows, q);
  return json(200, { lab_orders: page.items.map((l) => labOrderOut(ctx.s, l)), meta: page.meta });
}

export function getLabOrder(ctx: Authed): Reply {
  const lab = ofClinic(ctx, ctx.s.labOrders.get(ctx.params.id), "lab order");
  return json(200, single(ctx.s, "lab_order", labOrderOut(ctx.s, lab)));
}

/** PATCH /api/clinic/treatment_plans/{id}/cancel: an active or draft plan becomes cancelled. */
export function cancelTreatmentPlan(ctx: Authed): Reply {
  const plan = ofClinic(ctx, ctx.s.treatmentPlans.get(ctx.params.id), "treatment plan");
  if (plan.state === "cancelled")
    throw ApiError.of(422, "conflict", "The treatment plan is cancelled already; only an active or draft plan can be.");
  plan.state = "cancelled";
  plan.updatedAt = ctx.s.clock.now();
  return json(200, single(ctx.s, "treatment_plan", planOut(ctx.s, plan)));
}
