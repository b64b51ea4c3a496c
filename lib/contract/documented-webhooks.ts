// One webhook body for each example the platform's documentation shows, in our own words and ids
// (UUID-like, as the documentation's are): the contract test (event-data.test.ts), the summaries'
// test and the e2e spec that sends each signed to a running app all use them. `expect` lists what a
// summary must name. A `seed` keeps the ids of one run apart from another's (e2e runs share a
// database across specs); clinicId is the clinic the examples belong to.
import { randomUUID } from "node:crypto";

export interface DocumentedWebhook {
  /** What the example shows, in a few words (test names). */
  name: string;
  type: string;
  /** The raw body, `{"event": {...}}`. */
  body: { event: Record<string, unknown> & { id: string; type: string; data: Record<string, unknown> } };
  /** Words the event's summary must contain (English). */
  expect: string[];
  /** A word the timeline's search finds this event by. */
  search: string;
}

export interface ExampleNames {
  clinicId: string;
  /** A practitioner of the clinic's directory (plans name them). */
  practitionerId: string;
  practitionerName: string;
  /** A suffix that makes this run's names and numbers its own (searchable, unique). */
  tag: string;
}

const uuid = () => randomUUID();

export function documentedWebhooks(n: ExampleNames): DocumentedWebhook[] {
  const patientId = uuid();
  const first = "Maelle";
  const last = `Okafor${n.tag}`;
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 10, 15, minutes)).toISOString();
  let minute = 0;
  const event = (type: string, data: Record<string, unknown>, clinic = true) => ({
    event: { id: uuid(), type, created_at: at(minute++), ...(clinic && { clinic_id: n.clinicId }), data },
  });
  const patient = {
    id: patientId,
    first_name: first,
    last_name: last,
    email: `maelle.${n.tag.toLowerCase()}@example.org`,
    date_of_birth: null,
    gender: "female",
    discount: 10,
    total_discount: 10,
    mobile_number: null,
    text_message_notification: false,
  };
  const orderNumber = `R${n.tag}0042`;
  const product = (name: string) => ({
    name,
    description_html: "<p>Two capsules a day.</p>",
    dosage: {
      recommended_amount: "2",
      recommended_frequency: "daily",
      recommended_duration: null,
      format: "capsule",
      additional_info: null,
    },
    brand: { id: uuid(), name: "Northfield Labs", prefix: "NFL" },
    variants: [
      {
        id: uuid(),
        sku: "NFL-MAG-60",
        primary: true,
        units: 60,
        unit_of_measure: "capsule",
        availability: "in_stock",
        status: "active",
        upc: "000000000000",
        msrp: "24.50",
        supplier_sku: "MAG60",
      },
    ],
  });
  const recommendation = {
    variant_id: uuid(),
    refill: false,
    units_to_purchase: 2,
    take_with: "food",
    dosage: {
      amount: "1",
      frequency: "twice a day",
      duration: null,
      format: "capsule",
      additional_info: null,
      time_of_day: ["morning"],
    },
  };
  const plan = (newer: boolean) => ({
    id: uuid(),
    active: "true",
    available_at: "2026-01-10",
    ...(newer && { patient: { id: patientId }, practitioner: { id: n.practitionerId } }),
    recommendations: [recommendation, { ...recommendation, variant_id: uuid() }],
    resources: [
      {
        id: uuid(),
        attachment_url: "https://example.org/handout.pdf",
        category: "Diet",
        name: "Handout",
        type: "Handout",
      },
    ],
    lab_recommendations: [
      {
        id: uuid(),
        name: "Iron panel",
        requires_fasting: true,
        instructions: "Fast 8 hours",
        tests: [{ id: uuid(), name: "Ferritin" }],
      },
    ],
  });
  const lab = (status: string) =>
    event("lab_order.updated", {
      lab_order: {
        id: uuid(),
        practitioner_id: n.practitionerId,
        patient_id: patientId,
        first_name: first,
        last_name: last,
        email: patient.email,
        status,
      },
    });
  const full = `${first} ${last}`;
  const by = n.practitionerName;
  return [
    {
      name: "patient created",
      type: "patient.created",
      body: event("patient.created", { patient }),
      expect: ["New patient", full],
      search: last,
    },
    {
      name: "patient updated",
      type: "patient.updated",
      body: event("patient.updated", { patient }),
      expect: [full, "updated"],
      search: last,
    },
    {
      name: "patient emancipated",
      type: "patient.emancipated",
      body: event("patient.emancipated", { patient }),
      expect: [full, "emancipation"],
      search: last,
    },
    {
      name: "order placed (directly in data, no amount)",
      type: "order.placed",
      body: event("order.placed", {
        id: uuid(),
        order_number: orderNumber,
        completed_at: "2026-01-10T10:05:00-05:00",
        patient_id: patientId,
        practitioner_ids: [n.practitionerId],
        treatment_plan_ids: [uuid()],
        line_items: [
          { variant_id: uuid(), quantity: 2, type: "supplement" },
          { variant_id: uuid(), quantity: 1, type: "lab" },
        ],
      }),
      expect: [orderNumber, full, "3 items"],
      search: orderNumber,
    },
    ...(
      [
        ["results_received", "Some lab results received"],
        ["partial_results", "Some lab results received"],
        ["all_results_received", "All lab results ready"],
        ["results_ready", "All lab results ready"],
        ["results_amended", "Lab results amended"],
      ] as const
    ).map(([status, words]) => ({
      name: `lab order ${status}`,
      type: "lab_order.updated",
      body: lab(status),
      expect: [words, full],
      search: last,
    })),
    {
      name: "product created (directly in data, no clinic_id, no product id)",
      type: "product.created",
      body: event("product.created", product(`Calm Magnesium ${n.tag}`), false),
      expect: [`Calm Magnesium ${n.tag}`, "Northfield Labs", "New product"],
      search: `Calm Magnesium ${n.tag}`,
    },
    {
      name: "product updated",
      type: "product.updated",
      body: event("product.updated", { product: product(`Deep Sleep ${n.tag}`) }),
      expect: [`Deep Sleep ${n.tag}`, "Northfield Labs", "updated"],
      search: `Deep Sleep ${n.tag}`,
    },
    {
      name: "product description updated",
      type: "product.description.updated",
      body: event("product.description.updated", { product: product(`Omega Gold ${n.tag}`) }),
      expect: [`Omega Gold ${n.tag}`, "Northfield Labs", "Description"],
      search: `Omega Gold ${n.tag}`,
    },
    ...(
      [
        ["treatment_plan.created", "Treatment plan activated"],
        ["treatment_plan.updated", "Treatment plan cancelled"],
        ["treatment_plan.recommendation.updated", "Recommendations changed"],
      ] as const
    ).flatMap(([type, words]) => {
      const [newer, older] = [plan(true), plan(false)];
      return [
        {
          name: `${type} (newer: patient and practitioner)`,
          type,
          body: event(type, { treatment_plan: newer }),
          expect: [words, full, `by ${by}`],
          search: newer.id,
        },
        {
          name: `${type} (older: neither)`,
          type,
          body: event(type, { treatment_plan: older }),
          expect: [words],
          search: older.id,
        },
      ];
    }),
  ];
}
