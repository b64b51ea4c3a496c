// What the event store accepts: the platform's event record, read leniently on purpose. Event types
// beyond spec 6.1 exist ("not shown"), and refusing an authentic delivery would make the platform
// retry it and eventually disable our endpoint; such events are kept under the category "other".
import { z } from "zod";
import { EVENT_TYPE_CATEGORY, TimestampSchema, type EventCategory } from "@/lib/contract";

export const StorableEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(200),
  clinic_id: z.string().min(1).max(200),
  integration_id: z.string().max(200).nullable().optional(),
  created_at: TimestampSchema,
  data: z.record(z.string(), z.unknown()).default({}),
});
export type StorableEvent = z.infer<typeof StorableEventSchema>;

export const OTHER_CATEGORY = "other";
export type StoredCategory = EventCategory | typeof OTHER_CATEGORY;

export function categoryOfType(type: string): StoredCategory {
  return Object.hasOwn(EVENT_TYPE_CATEGORY, type)
    ? EVENT_TYPE_CATEGORY[type as keyof typeof EVENT_TYPE_CATEGORY]
    : OTHER_CATEGORY;
}
