// Creating events. Only clinic activity (control API, embedded feature, clinic key changes) creates
// events; actions made through the API never do (spec 6.1 rule 2). New events go to the webhook
// dispatcher; seeded history is recorded without delivery.
import type { EventType } from "@/lib/contract";
import type { SandboxState } from "../state/store";
import type { EventRow } from "../state/types";
import { dispatchEvent } from "../webhooks/dispatcher";
import { documentedEventData } from "./payloads";

export interface NewEvent {
  clinicId: string;
  type: EventType;
  /** The record the event is about, in API shape; `data` carries it as documented (./payloads.ts). */
  object: Record<string, unknown>;
  previousAttributes?: Record<string, unknown> | null;
  at?: number;
}

export function recordEvent(s: SandboxState, e: NewEvent): EventRow {
  const row: EventRow = {
    id: s.ids.next("evt"),
    seq: s.nextSeq(),
    type: e.type,
    clinicId: e.clinicId,
    integrationId: s.clinics.get(e.clinicId)?.integrationId ?? null,
    createdAt: e.at ?? s.clock.now(),
    data: documentedEventData(s, e.type, e.object),
    record: e.object,
    previousAttributes: e.previousAttributes ?? null,
  };
  s.events.push(row);
  s.eventsById.set(row.id, row);
  return row;
}

/** Records a new event and hands it to webhook delivery. */
export function emitEvent(s: SandboxState, e: NewEvent): EventRow {
  const row = recordEvent(s, e);
  s.stats.events_emitted += 1;
  dispatchEvent(s, row);
  return row;
}
