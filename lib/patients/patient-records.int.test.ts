// The patient page's platform reads and the plans list, against the sandbox over HTTP and a real
// PostgreSQL: a new patient's plan, order and lab orders come from the documented per-patient paths,
// products are named by the clinic's product events (and said as "Product" and a variant id when no
// event named them), a list the platform answers 404 is said as not offered; a practitioner's plans
// are their drafts and active plans newest first (the events say which patients; the per-patient
// lists say the state now); a cancel is made once, audited, and the list drops the plan.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "@/lib/auth";
import { exchangeAndStore } from "@/lib/auth/provider";
import { clientForUser } from "@/lib/auth/platform-client";
import type { ClinicClient } from "@/lib/clinic-api/client";
import { LOCAL_DEFAULTS } from "@/lib/contract";
import { db } from "@/lib/db";
import { processEvents } from "@/lib/events/process";
import type { StorableEvent } from "@/lib/events/record";
import { storeEvents } from "@/lib/events/store";
import { cancelPatientPlan } from "@/lib/patients/cancel-plan";
import { orderLines, recommendationLines, variantIdsOf } from "@/lib/patients/lines";
import { NOT_OFFERED, platformLabOrders, platformOrders, platformPlans } from "@/lib/patients/platform";
import { practitionerPlans } from "@/lib/patients/practitioner-plans";
import { variantNames } from "@/lib/events/variant-names";
import {
  authorizeAs,
  closeAppConnections,
  sandboxControl,
  sandboxSeed,
  startAuthTestbed,
  TEST_REDIRECT_URI,
  type AuthTestbed,
} from "@/tooling/testing/auth-testbed";

let bed: AuthTestbed;
let client: ClinicClient;
let caller: Caller;
let clinicId = "";
let practitionerId = "";
let patientId = "";
let planId = "";
let variantId = "";

interface Activity {
  event: { id: string; type: string; created_at: string; data: Record<string, unknown> };
}
const activity = async (type: string, data: Record<string, unknown>) =>
  ((await sandboxControl(bed.sandboxUrl, "activity", { clinic_id: clinicId, type, data })) as Activity).event;

/** What a webhook delivery would have stored. */
async function heard(...events: Activity["event"][]) {
  const rows: StorableEvent[] = events.map((e) => ({ ...e, clinic_id: clinicId, integration_id: null }));
  await storeEvents(db, rows, "webhook");
  await processEvents(
    db,
    rows.map((r) => r.id),
  );
}

beforeAll(async () => {
  bed = await startAuthTestbed("patient_records");
  const seed = await sandboxSeed(bed.sandboxUrl);
  clinicId = seed.clinics[0]!.id;
  practitionerId = seed.clinics[0]!.practitioners[0]!.id;
  const { code } = await authorizeAs(bed.sandboxUrl, seed.clinics[0]!.staff[0]!.id, {
    clientId: LOCAL_DEFAULTS.clientId,
  });
  const user = await exchangeAndStore(code, TEST_REDIRECT_URI);
  client = await clientForUser(user.userId);
  caller = { clinicId: user.clinicId, user: { id: user.userId } } as unknown as Caller;

  const patient = await activity("patient.created", {
    first_name: "Ines",
    last_name: "Okafor",
    practitioner_id: practitionerId,
  });
  patientId = String((patient.data.patient as { id: string }).id);
  const product = await activity("product.created", { name: "Magnesium glycinate", brand: "Pure Labs" });
  variantId = String((product.data.variants as { id: string }[])[0]!.id);
  // The documented product names no id; the sandbox's one variant is "<product id>-v1".
  const productId = variantId.replace(/-v1$/, "");
  const plan = await activity("treatment_plan.created", { patient_id: patientId, product_id: productId });
  planId = String((plan.data.treatment_plan as { id: string }).id);
  await activity("order.placed", { patient_id: patientId, product_id: productId, quantity: 2 });
  await heard(patient, product, plan);
}, 60_000);

afterAll(async () => {
  await closeAppConnections();
  await bed?.close();
});

describe("one patient's records from the documented paths", () => {
  it("gives their plan with its product named by the clinic's product events, and its dosage", async () => {
    const plans = await platformPlans(client, patientId);
    expect(plans.ok).toBe(true);
    if (!plans.ok) return;
    expect(plans.value.plans.map((p) => p.id)).toEqual([planId]);
    const names = await variantNames(db, clinicId, variantIdsOf(plans.value.plans, []));
    expect(names[variantId]).toEqual({ product: "Magnesium glycinate", brand: "Pure Labs" });
    const [line] = recommendationLines(plans.value.plans[0]!, names);
    expect(line).toMatchObject({ name: "Magnesium glycinate", variantId, dosage: "1 capsule daily" });
  });

  it("gives their order with its items named and no amount", async () => {
    const orders = await platformOrders(client, patientId);
    expect(orders.ok).toBe(true);
    if (!orders.ok) return;
    expect(orders.value).toHaveLength(1);
    expect(orders.value[0]).not.toHaveProperty("total");
    const names = await variantNames(db, clinicId, variantIdsOf([], orders.value));
    expect(orderLines(orders.value[0]!, names)).toEqual([
      { name: "Magnesium glycinate", brand: "Pure Labs", variantId, quantity: 2, dosage: null, kind: "supplement" },
    ]);
    // A variant no event named is a product without a name, its variant id kept for the page.
    expect(orderLines(orders.value[0]!, {})[0]).toMatchObject({ name: null, variantId });
  });

  it("gives their lab orders (none yet) and says a list answered 404 is not offered", async () => {
    const labs = await platformLabOrders(client, patientId);
    expect(labs).toEqual({ ok: true, value: [] });
    const unknown = await platformOrders(client, "pat_nobody_here");
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.failure).toMatchObject({ code: "not-found", message: NOT_OFFERED });
  });
});

describe("a practitioner's plans and the cancel", () => {
  it("lists their drafts and active plans, newest first, the new patient's first and named", async () => {
    const list = await practitionerPlans(db, client, clinicId, practitionerId);
    expect(list.plans[0]).toMatchObject({ id: planId, patientId, patientName: "Ines Okafor", state: "active" });
    expect(list.plans.every((p) => p.state === "active" || p.state === "draft")).toBe(true);
    const times = list.plans.map((p) => p.time ?? "");
    expect([...times].sort().reverse()).toEqual(times);
    expect(list.patientsRead).toBeGreaterThan(0);
    expect(list.patientsFailed).toBe(0);
  });

  it("cancels the plan once, audits it, and the list drops it; a second cancel is refused in words", async () => {
    expect(await cancelPatientPlan(caller, { patientId, planId })).toMatchObject({ ok: true });
    const entries = await db.auditEntry.findMany({ where: { clinicId, action: "treatment_plan.cancelled" } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ targetType: "treatment_plan", targetId: planId });
    expect(entries[0]!.details).toMatchObject({ patientId, patient: "Ines Okafor", products: 1 });
    const plans = await platformPlans(client, patientId);
    expect(plans.ok && plans.value.plans[0]!.state).toBe("cancelled");
    const list = await practitionerPlans(db, client, clinicId, practitionerId);
    expect(list.plans.map((p) => p.id)).not.toContain(planId);
    expect(await cancelPatientPlan(caller, { patientId, planId })).toMatchObject({
      ok: false,
      code: "refused",
      message: "patient.plan.alreadyCancelled",
    });
  });

  it("answers a plan of another patient as not found", async () => {
    const other = await activity("patient.created", { first_name: "Noor", last_name: "Haddad" });
    const otherId = String((other.data.patient as { id: string }).id);
    await expect(cancelPatientPlan(caller, { patientId: otherId, planId })).rejects.toMatchObject({
      failure: { code: "not-found" },
    });
  });
});
