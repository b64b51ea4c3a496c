// Drift of events: each documented type's data held against its schema in lib/contract/event-data.ts
// (where the record sits, what identifies it, every documented field). Measured when an event is
// processed (lib/events/process.ts), never on the webhook's acknowledgement path, for webhooks and
// reconciled events alike; each event is processed once, so it is counted once. Types the
// documentation does not show have no schema, so nothing is said about them.
import "server-only";
import { z } from "zod";
import { DOCUMENTED_EVENT_DATA, isDocumentedEventType, type DocumentedEventType } from "@/lib/contract/event-data";
import type { Db } from "@/lib/db";
import { driftOf } from "@/lib/drift/walk";
import { DriftTally, writeDrift } from "@/lib/drift/store";

const dataSchemas = new Map<DocumentedEventType, z.ZodType>();
/** The schema of a type's whole `data`: the record itself, or a loose object holding it under its key. */
function dataSchemaOf(type: DocumentedEventType): z.ZodType {
  let schema = dataSchemas.get(type);
  if (!schema) {
    const { key, schema: record } = DOCUMENTED_EVENT_DATA[type];
    schema = key === null ? record : z.looseObject({ [key]: record });
    dataSchemas.set(type, schema);
  }
  return schema;
}

/** The drift of one event's data, with paths from `data` (`data.treatment_plan.active`). */
export function eventDataDrift(type: string, data: unknown) {
  return isDocumentedEventType(type) ? driftOf(dataSchemaOf(type), data, "data") : [];
}

/** Counts the drift of processed events (type and data as stored; data null when not kept as sent). */
export async function recordEventDrift(
  db: Db,
  events: ReadonlyArray<{ type: string; data: unknown }>,
  at = new Date(),
): Promise<void> {
  const tally = new DriftTally();
  for (const event of events)
    if (event.data !== null && event.data !== undefined)
      tally.add("event", event.type, eventDataDrift(event.type, event.data), at);
  await writeDrift(db, tally.take());
}
