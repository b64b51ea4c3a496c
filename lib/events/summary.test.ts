// Every event type of the spec in words, from data in the sandbox's older shapes (still in stored
// events), and what each says when its data is missing, of the wrong shape or of an unknown type.
// The documented shapes have their own table: lib/contract/event-data.test.ts.
import { describe, expect, it } from "vitest";
import { EVENT_TYPES } from "@/lib/contract";
import { patientIdsOf, summarizeEvent, type EventSummary, type KnownNames } from "@/lib/events/summary";
import { formatSummary as formatWith } from "@/lib/events/summary-messages";
import { translatorFor } from "@/lib/i18n/translator";

const formatSummary = (summary: EventSummary, locale: "en" | "fr-CA" = "en") =>
  formatWith(summary, translatorFor(locale));

const names: KnownNames = {
  patients: new Map([["pat_1", "Zed Quist"]]),
  people: new Map([["prac_1", "Dev Ito"]]),
};
const patient = { id: "pat_1", first_name: "Zed", last_name: "Quist", email: null };
const plan = (state: string, products: number, labs = 0) => ({
  treatment_plan: {
    id: "tp_1",
    patient_id: "pat_1",
    practitioner_id: "prac_1",
    state,
    recommendations: Array.from({ length: products }, (_, i) => ({ id: `r${i}`, product_id: "p", product_name: "D3" })),
    lab_recommendations: Array.from({ length: labs }, (_, i) => ({ id: `l${i}`, test_name: "Iron" })),
  },
});
const product = { product: { id: "prod_1", name: "Vitamin D3", brand: "Sunward", description: "…" } };

// Older data in the store: the sandbox's shapes before it spoke the documented ones.
const CASES: Record<string, { data: unknown; text: string; patientId?: string; planId?: string }> = {
  "patient.created": { data: { patient }, text: "New patient Zed Quist", patientId: "pat_1" },
  "patient.updated": { data: { patient }, text: "Patient Zed Quist updated", patientId: "pat_1" },
  "patient.emancipated": { data: { patient }, text: "Patient Zed Quist completed emancipation", patientId: "pat_1" },
  "order.placed": {
    data: { order: { id: "ord_1", patient_id: "pat_1", total_cents: 4500, placed_at: "2026-01-01T00:00:00Z" } },
    text: "Order placed by Zed Quist — $45.00",
    patientId: "pat_1",
  },
  "lab_order.updated": {
    data: { lab_order: { id: "lo_1", patient_id: "pat_1", test_name: "Ferritin", status: "results_available" } },
    text: "Lab results available for Zed Quist: Ferritin",
    patientId: "pat_1",
  },
  "product.created": { data: product, text: "New product Vitamin D3 (Sunward)" },
  "product.updated": { data: product, text: "Product Vitamin D3 (Sunward) updated" },
  "product.description.updated": { data: product, text: "Description of Vitamin D3 (Sunward) updated" },
  "treatment_plan.created": {
    data: plan("draft", 0),
    text: "Treatment plan activated for Zed Quist by Dev Ito (no products)",
    patientId: "pat_1",
    planId: "tp_1",
  },
  "treatment_plan.updated": {
    data: plan("active", 3),
    text: "Treatment plan activated for Zed Quist by Dev Ito (3 products)",
    patientId: "pat_1",
    planId: "tp_1",
  },
  "treatment_plan.recommendation.updated": {
    data: plan("active", 1),
    text: "Recommendations changed in the treatment plan for Zed Quist by Dev Ito (1 product)",
    patientId: "pat_1",
    planId: "tp_1",
  },
  "treatment_plan.lab_recommendation.updated": {
    data: plan("active", 1, 2),
    text: "Lab recommendations changed in the treatment plan for Zed Quist (2 lab tests)",
    patientId: "pat_1",
    planId: "tp_1",
  },
  "clinic_key.activated": {
    data: { clinic_key: { id: "ck_1", clinic_id: "c", integration_id: "i", activated_at: null, revoked_at: null } },
    text: "Clinic key activated",
  },
  "clinic_key.revoked": { data: { clinic_key: { id: "ck_1" } }, text: "Clinic key revoked" },
};

describe("event summaries", () => {
  it("covers every event type of the spec", () => {
    expect(Object.keys(CASES).sort()).toEqual([...EVENT_TYPES].sort());
  });

  it.each(Object.entries(CASES))("%s", (type, c) => {
    const summary = summarizeEvent(type, c.data, names);
    expect(formatSummary(summary)).toBe(c.text);
    expect(summary.patientId).toBe(c.patientId);
    expect(summary.planId).toBe(c.planId);
  });

  it.each(Object.keys(CASES).filter((t) => !t.startsWith("clinic_key.")))(
    "%s with malformed data says so and keeps the type",
    (type) => {
      for (const data of [null, undefined, "text", 42, [], {}, { patient: { id: 7 } }, { order: { id: "o" } }]) {
        const summary = summarizeEvent(type, data, names);
        expect(summary.id).toBe("malformed");
        expect(formatSummary(summary)).toBe(`${type} (its details could not be read)`);
      }
    },
  );

  it("names a patient it knows no name for by id, and a lab order in each of its states", () => {
    const order = { order: { id: "o", patient_id: "pat_9", total_cents: 123456 } };
    expect(formatSummary(summarizeEvent("order.placed", order, names))).toBe("Order placed by a patient — $1,234.56");
    const lab = (status: string) => ({ lab_order: { id: "l", patient_id: "pat_1", test_name: "Iron", status } });
    expect(formatSummary(summarizeEvent("lab_order.updated", lab("amended"), names))).toBe(
      "Lab results amended for Zed Quist: Iron",
    );
    expect(formatSummary(summarizeEvent("lab_order.updated", lab("pending"), names))).toBe(
      "Lab order updated for Zed Quist: Iron (pending)",
    );
    expect(formatSummary(summarizeEvent("treatment_plan.updated", plan("cancelled", 2), names))).toBe(
      "Treatment plan cancelled for Zed Quist by Dev Ito",
    );
    expect(formatSummary(summarizeEvent("patient.created", { patient: { id: "pat_2" } }, names))).toBe(
      "New patient pat_2",
    );
  });

  it("an unknown type says so without guessing", () => {
    expect(formatSummary(summarizeEvent("practitioner.created", { practitioner: {} }))).toBe(
      "Event of a kind this app does not know yet (practitioner.created)",
    );
  });

  it("finds the patient ids to look names up for", () => {
    expect(patientIdsOf(CASES["order.placed"].data)).toEqual(["pat_1"]);
    expect(patientIdsOf(plan("active", 1))).toEqual(["pat_1"]);
    expect(patientIdsOf({ patient })).toEqual([]);
    expect(patientIdsOf(null)).toEqual([]);
  });

  it("words money, plurals and unnamed patients in each language", () => {
    const order = (cents: number) =>
      summarizeEvent("order.placed", { order: { id: "o", patient_id: "pat_1", total_cents: cents } }, names);
    expect(formatSummary(order(0))).toBe("Order placed by Zed Quist — $0.00");
    expect(formatSummary(order(123456), "fr-CA").replace(/\s/g, " ")).toBe(
      "Commande passée par Zed Quist — 1 234,56 $",
    );
    expect(formatSummary(summarizeEvent("treatment_plan.created", plan("draft", 1), names), "fr-CA")).toBe(
      "Plan de traitement activé pour Zed Quist par Dev Ito (1 produit)",
    );
    expect(formatSummary(summarizeEvent("treatment_plan.created", plan("draft", 3), names), "fr-CA")).toBe(
      "Plan de traitement activé pour Zed Quist par Dev Ito (3 produits)",
    );
    const unnamed = { order: { id: "o", patient_id: "pat_9", total_cents: 100 } };
    expect(formatSummary(summarizeEvent("order.placed", unnamed, names), "fr-CA").replace(/\s/g, " ")).toBe(
      "Commande passée par un·e patient·e — 1,00 $",
    );
    expect(formatSummary(summarizeEvent("patient.created", { patient: { id: "pat_2" } }, names), "fr-CA")).toBe(
      "Nouvelle fiche patient·e\u202f: pat_2",
    );
  });
});
