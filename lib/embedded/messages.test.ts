import { describe, expect, it } from "vitest";
import { EMBED_EVENTS, embedMessageEnvelope } from "@/lib/contract/embed";
import { acceptEmbedMessage, type IncomingMessage } from "@/lib/embedded/messages";

const PLATFORM = "http://127.0.0.1:4010";
const FRAME_ID = "3f1c2b9e-frame";
const frame = { name: "the mounted iframe's window" };
const otherWindow = { name: "a popup of the platform's origin" };
const meta = { id: "ev_1", createdAt: "2026-11-25T10:00:00.000Z", clinicId: "cl_1", clientId: "app_1" };
const plan = { id: "tp_1", state: "active", patient: { id: "pat_1" }, practitioner: { id: "prac_1" } };
const patient = { id: "pat_1", firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };

/** As the platform's library receives them: `<frame_id>.<event>`, the event's `data` in the payload. */
const activated = embedMessageEnvelope(FRAME_ID, EMBED_EVENTS.treatmentPlanActivated, { treatmentPlan: plan }, meta);
const selected = embedMessageEnvelope(FRAME_ID, EMBED_EVENTS.patientSelected, { patient }, meta);
const from = (data: unknown, origin = PLATFORM, source: unknown = frame): IncomingMessage => ({ origin, source, data });
const expected = (source: unknown = frame) => ({ origin: PLATFORM, source, frameId: FRAME_ID });

describe("acceptEmbedMessage", () => {
  const accepted: Array<[string, unknown, unknown]> = [
    ["treatmentPlan.activated with the plan", activated, { event: "treatmentPlan.activated", treatmentPlan: plan }],
    ["patient.selected with the patient", selected, { event: "patient.selected", patient }],
    [
      "an unprefixed type with the docs' bare data, and keys the app does not know",
      { type: "treatmentPlan.activated", payload: { treatmentPlan: { ...plan, recommendations: [], extra: 1 } } },
      { event: "treatmentPlan.activated", treatmentPlan: { ...plan, recommendations: [], extra: 1 } },
    ],
    [
      "a patient with no names (only the id is required)",
      { type: `${FRAME_ID}.patient.selected`, payload: { data: { patient: { id: "pat_2" } } } },
      { event: "patient.selected", patient: { id: "pat_2" } },
    ],
  ];
  it.each(accepted)("reads %s", (_name, data, message) =>
    expect(acceptEmbedMessage(from(data), expected())).toEqual(message),
  );

  const refused: Array<[string, IncomingMessage, unknown]> = [
    ["a foreign origin", from(activated, "https://evil.example"), frame],
    ["the app's own origin", from(activated, "http://localhost:3000"), frame],
    ["the platform's host on another port", from(activated, "http://127.0.0.1:4011"), frame],
    ["another window of the platform's origin", from(activated, PLATFORM, otherWindow), frame],
    ["no frame mounted", from(activated), null],
    ["another frame's id", from({ ...activated, type: "other-frame.treatmentPlan.activated" }), frame],
    ["an undocumented type", from({ type: `${FRAME_ID}.order.checkoutStarted`, payload: {} }), frame],
    ["the sandbox's old invented type", from({ type: "clinic.embed.treatment_plan.activated", payload: {} }), frame],
    [
      "an activation without a plan id",
      from({ type: "treatmentPlan.activated", payload: { treatmentPlan: {} } }),
      frame,
    ],
    ["a selection without the patient", from({ type: "patient.selected", payload: { data: {} } }), frame],
    ["no type", from({ payload: activated.payload }), frame],
    ["a string", from(JSON.stringify(activated)), frame],
    ["null", from(null), frame],
  ];
  it.each(refused)("drops %s", (_name, event, source) =>
    expect(acceptEmbedMessage(event, expected(source))).toBeNull(),
  );
});
