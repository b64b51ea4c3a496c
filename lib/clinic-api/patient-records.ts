// One patient's treatment plans, orders and lab orders, and the plan cancel: the platform's
// documented paths (lib/contract/patient-records.ts). Only the paths and their arguments are
// documented; each answer is read generously.
import {
  CLINIC_PATHS,
  LabOrderListResponseSchema,
  LabOrderResponseSchema,
  OrderListResponseSchema,
  OrderResponseSchema,
  PATIENT_RECORD_PATHS,
  PlanCancelResponseSchema,
  TreatmentPlanListResponseSchema,
  type PlatformLabOrder,
  type PlatformOrder,
  type TreatmentPlan,
} from "@/lib/contract";
import { pageQuery, type Page, type PageRequest } from "@/lib/clinic-api/pagination";
import type { Send } from "@/lib/clinic-api/transport";

export function patientRecordCalls(send: Send) {
  return {
    /** Newest first (documented `sort_by` and `order_by`). */
    patientTreatmentPlans: async (patientId: string, page?: PageRequest): Promise<Page<TreatmentPlan>> => {
      const r = await send({
        method: "GET",
        path: CLINIC_PATHS.patientTreatmentPlans(patientId),
        query: { ...pageQuery(page), sort_by: "created_at", order_by: "DESC" },
        schema: TreatmentPlanListResponseSchema,
      });
      return { items: r.treatment_plans, meta: r.meta };
    },
    /** The plan as the platform answered (when it answered with one). */
    cancelTreatmentPlan: async (planId: string): Promise<TreatmentPlan | undefined> =>
      (
        await send({
          method: "PATCH",
          path: PATIENT_RECORD_PATHS.cancelTreatmentPlan(planId),
          schema: PlanCancelResponseSchema,
        })
      ).treatment_plan,
    patientOrders: async (patientId: string, page?: PageRequest): Promise<Page<PlatformOrder>> => {
      const r = await send({
        method: "GET",
        path: PATIENT_RECORD_PATHS.patientOrders(patientId),
        query: pageQuery(page),
        schema: OrderListResponseSchema,
      });
      return { items: r.orders, meta: r.meta };
    },
    order: async (id: string): Promise<PlatformOrder> =>
      (await send({ method: "GET", path: PATIENT_RECORD_PATHS.order(id), schema: OrderResponseSchema })).order,
    labOrders: async (patientId: string, page?: PageRequest): Promise<Page<PlatformLabOrder>> => {
      const r = await send({
        method: "GET",
        path: PATIENT_RECORD_PATHS.labOrders,
        query: { ...pageQuery(page), patient_id: patientId },
        schema: LabOrderListResponseSchema,
      });
      return { items: r.lab_orders, meta: r.meta };
    },
    labOrder: async (id: string): Promise<PlatformLabOrder> =>
      (await send({ method: "GET", path: PATIENT_RECORD_PATHS.labOrder(id), schema: LabOrderResponseSchema }))
        .lab_order,
  };
}
