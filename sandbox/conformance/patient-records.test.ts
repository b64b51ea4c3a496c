// A patient's plans, orders and lab orders, and the plan cancel, at the platform's documented paths:
// each answer reads through the app's contract (lib/contract/patient-records.ts), orders carry line
// items with variant ids and no amount, the seeded data gives every list content, another clinic's
// records answer 404, the plans list takes the documented order arguments, and a cancel makes an
// active or draft plan cancelled once, creates no event (spec 6.1 rule 2), and refuses a second time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LabOrderListResponseSchema,
  LabOrderResponseSchema,
  OrderListResponseSchema,
  OrderResponseSchema,
  PlanCancelResponseSchema,
  TreatmentPlanListResponseSchema,
} from "@/lib/contract";
import { startTestSandbox } from "../testing/harness";

let t: Awaited<ReturnType<typeof startTestSandbox>>;
let token: string;
const of = <T extends { clinicId: string }>(rows: Map<string, T>, clinicId: string) =>
  [...rows.values()].filter((r) => r.clinicId === clinicId);

beforeAll(async () => {
  t = await startTestSandbox();
  token = (await t.client.signIn(t.clinicA.staff[0].id)).access_token;
});
afterAll(() => t.close());

describe("orders", () => {
  it("lists one patient's orders, newest first, with line items (variant, quantity, type) and no amount", async () => {
    const order = of(t.sb.state.orders, t.clinicA.id)[0]!;
    const res = await t.client.api(token, "GET", `/api/clinic/patients/${order.patientId}/orders`);
    expect(res.status).toBe(200);
    const { orders } = OrderListResponseSchema.parse(res.body);
    expect(orders.map((o) => o.id)).toContain(order.id);
    const listed = orders.find((o) => o.id === order.id)!;
    expect(Object.keys(listed).sort()).toEqual(
      [
        "completed_at",
        "id",
        "line_items",
        "order_number",
        "patient_id",
        "practitioner_ids",
        "treatment_plan_ids",
      ].sort(),
    );
    expect(listed.line_items!.length).toBeGreaterThan(0);
    for (const item of listed.line_items!) {
      expect(Object.keys(item).sort()).toEqual(["quantity", "type", "variant_id"]);
      // The variant is a product's of the clinic: the one its product events list.
      expect(t.sb.state.products.get(String(item.variant_id).replace(/-v1$/, ""))?.clinicId).toBe(t.clinicA.id);
    }
    const times = orders.map((o) => o.completed_at ?? "");
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("retrieves one order as listed; another clinic's answers 404", async () => {
    const order = of(t.sb.state.orders, t.clinicA.id)[0]!;
    const res = await t.client.api(token, "GET", `/api/clinic/orders/${order.id}`);
    expect(res.status).toBe(200);
    expect(OrderResponseSchema.parse(res.body).order.id).toBe(order.id);
    const other = of(t.sb.state.orders, t.clinicB.id)[0]!;
    expect((await t.client.api(token, "GET", `/api/clinic/orders/${other.id}`)).status).toBe(404);
    expect((await t.client.api(token, "GET", `/api/clinic/patients/${other.patientId}/orders`)).status).toBe(404);
  });
});

describe("lab orders", () => {
  it("lists the clinic's lab orders filtered by patient, with tests, results and a documented status", async () => {
    const lab = of(t.sb.state.labOrders, t.clinicA.id)[0]!;
    const res = await t.client.api(token, "GET", `/api/clinic/labs/orders?patient_id=${lab.patientId}`);
    expect(res.status).toBe(200);
    const { lab_orders } = LabOrderListResponseSchema.parse(res.body);
    expect(lab_orders.map((l) => l.id)).toContain(lab.id);
    expect(lab_orders.every((l) => l.patient_id === lab.patientId)).toBe(true);
    const listed = lab_orders.find((l) => l.id === lab.id)!;
    expect(listed.tests?.[0]?.name).toBe(lab.testName);
    expect(["partial_results", "results_ready", "results_amended"]).toContain(listed.status);
    const all = LabOrderListResponseSchema.parse((await t.client.api(token, "GET", "/api/clinic/labs/orders")).body);
    expect(all.lab_orders.every((l) => of(t.sb.state.labOrders, t.clinicA.id).some((r) => r.id === l.id))).toBe(true);
  });

  it("retrieves one lab order; another clinic's answers 404", async () => {
    const lab = of(t.sb.state.labOrders, t.clinicA.id)[0]!;
    const res = await t.client.api(token, "GET", `/api/clinic/labs/orders/${lab.id}`);
    expect(LabOrderResponseSchema.parse(res.body).lab_order.id).toBe(lab.id);
    const other = of(t.sb.state.labOrders, t.clinicB.id)[0]!;
    expect((await t.client.api(token, "GET", `/api/clinic/labs/orders/${other.id}`)).status).toBe(404);
  });

  it.each([
    ["an unknown parameter", "/api/clinic/labs/orders?state=x", 400],
    ["a page size over 100", "/api/clinic/labs/orders?page[size]=101", 400],
    ["a query on one order", "/api/clinic/orders/ord_x?expand=1", 400],
  ])("refuses %s", async (_label, path, status) => {
    const res = await t.client.api<{ errors: { code: string; message: string }[] }>(token, "GET", path);
    expect(res.status).toBe(status);
    expect(res.body.errors[0]!.message.length).toBeGreaterThan(0);
  });
});

describe("one patient's plans and the cancel", () => {
  it("orders the plans by the documented sort_by and order_by", async () => {
    const patientId = of(t.sb.state.treatmentPlans, t.clinicA.id)[0]!.patientId;
    const path = `/api/clinic/patients/${patientId}/treatment_plans`;
    const desc = TreatmentPlanListResponseSchema.parse(
      (await t.client.api(token, "GET", `${path}?sort_by=created_at&order_by=DESC`)).body,
    ).treatment_plans;
    const times = desc.map((p) => p.created_at ?? "");
    expect([...times].sort().reverse()).toEqual(times);
    expect((await t.client.api(token, "GET", `${path}?sort_by=name`)).status).toBe(400);
  });

  it("cancels an active or draft plan once, with no event; a second cancel and another clinic's plan are refused", async () => {
    const plan = of(t.sb.state.treatmentPlans, t.clinicA.id).find((p) => p.state !== "cancelled")!;
    const events = t.sb.state.events.length;
    const res = await t.client.api(token, "PATCH", `/api/clinic/treatment_plans/${plan.id}/cancel`);
    expect(res.status).toBe(200);
    expect(PlanCancelResponseSchema.parse(res.body).treatment_plan).toMatchObject({ id: plan.id, state: "cancelled" });
    expect(t.sb.state.events.length).toBe(events);
    const again = await t.client.api<{ errors: { code: string }[] }>(
      token,
      "PATCH",
      `/api/clinic/treatment_plans/${plan.id}/cancel`,
    );
    expect(again.status).toBe(422);
    expect(again.body.errors[0]!.code).toBe("conflict");
    const other = of(t.sb.state.treatmentPlans, t.clinicB.id).find((p) => p.state !== "cancelled")!;
    expect((await t.client.api(token, "PATCH", `/api/clinic/treatment_plans/${other.id}/cancel`)).status).toBe(404);
    expect(other.state).not.toBe("cancelled");
  });

  it("in the documented-records mode, serves plans as documented (active as a string, patient as {id})", async () => {
    await t.client.control("/account", { documented_records: true });
    try {
      const plan = of(t.sb.state.treatmentPlans, t.clinicA.id)[0]!;
      const res = await t.client.api(token, "GET", `/api/clinic/patients/${plan.patientId}/treatment_plans`);
      const listed = TreatmentPlanListResponseSchema.parse(res.body).treatment_plans.find((p) => p.id === plan.id)!;
      expect(listed).toMatchObject({
        patient: { id: plan.patientId },
        active: plan.state === "active" ? "true" : "false",
      });
      expect(listed).not.toHaveProperty("state");
      expect(listed.recommendations?.[0]).toHaveProperty("variant_id");
    } finally {
      await t.client.control("/account", { documented_records: false });
    }
  });
});
