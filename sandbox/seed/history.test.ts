// The seeded history agrees with the seeded data (spec 6.1: each event type is emitted when its
// action happens): creation events point at records created at that instant, patient.emancipated at
// an emancipated patient, treatment_plan.updated at an active plan or at the cancelled plan it
// cancelled, and no event predates the record it is about. Checked for several seeds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../start";
import type { EventRow } from "../state/types";

const SEEDS = [1, 7, 42, 2024];
const sandboxes = new Map<number, Sandbox>();
beforeAll(async () => {
  for (const seed of SEEDS)
    sandboxes.set(seed, await startSandbox({ seed, clock: { start: "2025-03-15T12:00:00Z", frozen: true } }));
});
afterAll(async () => {
  await Promise.all([...sandboxes.values()].map((sb) => sb.close()));
});

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
// The sandbox's own snapshot: documented event data names no product (products have no id there).
const about = (e: EventRow) => e.record as Record<string, unknown> & { id: string };
const history = (sb: Sandbox, type: string) => sb.state.events.filter((e) => e.type === type);

describe.each(SEEDS)("seed %i: seeded events agree with the seeded data", (seed) => {
  const sb = () => sandboxes.get(seed)!;

  it("patient.created points at a patient created at that instant", () => {
    const events = history(sb(), "patient.created");
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      const patient = sb().state.patients.get(about(e).id);
      expect(patient?.createdAt, e.id).toBe(e.createdAt);
      expect(about(e).created_at).toBe(iso(e.createdAt));
    }
  });

  it("patient.emancipated points at a patient emancipated then, and every emancipated patient has its event", () => {
    const events = history(sb(), "patient.emancipated");
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      expect(sb().state.patients.get(about(e).id)?.emancipatedAt, e.id).toBe(e.createdAt);
      expect(about(e).emancipated_at).toBe(iso(e.createdAt));
    }
    const emancipated = [...sb().state.patients.values()].filter((p) => p.emancipatedAt !== null).map((p) => p.id);
    expect(events.map((e) => about(e).id).sort()).toEqual(emancipated.sort());
  });

  it("treatment_plan.updated points at an active plan, or at a cancelled plan it cancelled from active (once, last)", () => {
    const events = history(sb(), "treatment_plan.updated");
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      const plan = sb().state.treatmentPlans.get(about(e).id);
      if (about(e).state === "cancelled") {
        expect(plan?.state, e.id).toBe("cancelled");
        expect(e.previousAttributes).toEqual({ state: "active" });
        const later = events.filter((x) => about(x).id === plan?.id && x.createdAt >= e.createdAt && x !== e);
        expect(later, e.id).toEqual([]);
      } else {
        expect(about(e).state, e.id).toBe("active");
        expect(plan?.state, e.id).toBe("active");
      }
    }
  });

  it("order.placed, product.created and treatment_plan.created point at records made at that instant", () => {
    const s = sb().state;
    for (const e of history(sb(), "order.placed")) expect(s.orders.get(about(e).id)?.placedAt, e.id).toBe(e.createdAt);
    for (const e of history(sb(), "product.created"))
      expect(s.products.get(about(e).id)?.createdAt, e.id).toBe(e.createdAt);
    for (const e of history(sb(), "treatment_plan.created")) {
      const plan = s.treatmentPlans.get(about(e).id);
      expect(plan?.createdAt, e.id).toBe(e.createdAt);
      expect(plan?.state).not.toBe("draft");
      expect(about(e).state).toBe("active");
    }
    for (const e of history(sb(), "lab_order.updated"))
      expect(s.labOrders.get(about(e).id)?.status, e.id).not.toBe("pending");
  });

  it("no event predates the patient, product or plan it is about, and records refer only to older records", () => {
    const s = sb().state;
    for (const e of s.events) {
      const id = about(e).id;
      const record = s.patients.get(id) ?? s.products.get(id) ?? s.treatmentPlans.get(id);
      if (record) expect(record.createdAt, `${e.type} ${e.id}`).toBeLessThanOrEqual(e.createdAt);
    }
    for (const o of s.orders.values()) expect(s.patients.get(o.patientId)!.createdAt).toBeLessThanOrEqual(o.placedAt);
    for (const t of s.treatmentPlans.values()) {
      expect(s.patients.get(t.patientId)!.createdAt).toBeLessThanOrEqual(t.createdAt);
      for (const r of t.recommendations)
        expect(s.products.get(r.productId)!.createdAt).toBeLessThanOrEqual(t.createdAt);
    }
    for (const r of s.resources.values()) {
      if (r.treatmentPlanId)
        expect(s.treatmentPlans.get(r.treatmentPlanId)!.createdAt).toBeLessThanOrEqual(r.createdAt);
    }
  });
});
