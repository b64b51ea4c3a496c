// The contract is the documentation: each documented webhook example (lib/contract/documented-webhooks.ts,
// in our own words and ids) parses as a webhook payload and as the store's event, its record sits
// where event-data.ts says with the documented schema, and its summary names what the example names.
import { describe, expect, it } from "vitest";
import { WebhookPayloadSchema } from "@/lib/contract";
import { DOCUMENTED_EVENT_DATA, documentedRecordOf, isDocumentedEventType } from "@/lib/contract/event-data";
import { documentedWebhooks } from "@/lib/contract/documented-webhooks";
import { StorableEventSchema } from "@/lib/events/record";
import { summarizeEvent, patientIdsOf, practitionerIdsOf } from "@/lib/events/summary";
import { formatSummary } from "@/lib/events/summary-messages";
import { translatorFor } from "@/lib/i18n/translator";

const names = {
  clinicId: "0b6f1f0e-1c1f-4a53-9a55-2f3c8d1e7a10",
  practitionerId: "5d3a0c7e-88b1-4c2e-a1f4-7e9d2b6c4f21",
  practitionerName: "Dr Ines Marchetti",
  tag: "T1",
};
const examples = documentedWebhooks(names);
const en = translatorFor("en");
const fr = translatorFor("fr-CA");

describe("documented webhook examples", () => {
  it("cover every type the documentation shows", () => {
    expect(new Set(examples.map((e) => e.type))).toEqual(new Set(Object.keys(DOCUMENTED_EVENT_DATA)));
  });

  it.each(examples.map((e) => [e.name, e] as const))("%s", (_name, example) => {
    const raw = JSON.parse(JSON.stringify(example.body)) as unknown; // as sent: through JSON
    const payload = WebhookPayloadSchema.parse(raw);
    expect(StorableEventSchema.safeParse(payload.event).success).toBe(true);
    expect(isDocumentedEventType(payload.event.type)).toBe(true);
    if (!isDocumentedEventType(payload.event.type)) return;
    const { schema } = DOCUMENTED_EVENT_DATA[payload.event.type];
    expect(schema.safeParse(documentedRecordOf(payload.event.type, payload.event.data)).success).toBe(true);

    // The names a timeline page would know: the patient's (from their patient event), the directory's.
    const patients = new Map(patientIdsOf(payload.event.data).map((id) => [id, "Maelle OkaforT1"]));
    const people = new Map(practitionerIdsOf(payload.event.data).map((id) => [id, names.practitionerName]));
    const summary = summarizeEvent(payload.event.type, payload.event.data, { patients, people });
    expect(summary.id).not.toBe("malformed");
    const text = formatSummary(summary, en);
    for (const words of example.expect) expect(text).toContain(words);
    // Every message exists in French too (a missing one would come back as its key).
    expect(formatSummary(summary, fr)).not.toMatch(/^summary\./);
  });

  it("keeps unknown keys and reads any patch_version and unknown types", () => {
    const body = examples[0]!.body;
    const parsed = WebhookPayloadSchema.parse({
      event: { ...body.event, type: "practitioner.created", patch_version: "2031-01-01", shiny_new_key: { a: 1 } },
    });
    expect(parsed.event).toMatchObject({
      type: "practitioner.created",
      patch_version: "2031-01-01",
      shiny_new_key: { a: 1 },
    });
  });
});
