// Event lists, one event, and webhook deliveries (spec 4.4, 4.5). Query rules (which list accepts
// event_type, which sort_by values) are checked against the contract before anything is sent. A list
// item is the whole event or its id alone (EventListItem): the caller retrieves what it needs.
import { fieldErrors } from "@/lib/contract/field-errors";
import type { z } from "zod";
import {
  DELIVERIES_PATH,
  DeliveryListQuerySchema,
  EventListResponseSchema,
  EventResponseSchema,
  eventListPath,
  eventListQuerySchema,
  eventPath,
  WebhookDeliveryListResponseSchema,
  type DeliveryListQuery,
  type EventCategory,
  type EventListItem,
  type EventListQuery,
  type EventRecord,
  type WebhookDelivery,
} from "@/lib/contract";
import { ValidationError } from "@/lib/clinic-api/errors";
import { iterateAll, pageQuery, type Page, type PageRequest } from "@/lib/clinic-api/pagination";
import type { Send } from "@/lib/clinic-api/transport";

export type EventFilter = Omit<EventListQuery, "page[number]" | "page[size]">;
export type DeliveryFilter = Omit<DeliveryListQuery, "page[number]" | "page[size]">;

export function eventCalls(send: Send) {
  const listEvents = async (
    category: EventCategory,
    filter: EventFilter = {},
    page?: PageRequest,
  ): Promise<Page<EventListItem>> => {
    checkQuery(eventListQuerySchema(category), filter);
    const r = await send({
      method: "GET",
      path: eventListPath(category),
      query: { ...filter, ...pageQuery(page) },
      schema: EventListResponseSchema,
    });
    return { items: r.events, meta: r.meta };
  };
  const listDeliveries = async (filter: DeliveryFilter = {}, page?: PageRequest): Promise<Page<WebhookDelivery>> => {
    checkQuery(DeliveryListQuerySchema, filter);
    const r = await send({
      method: "GET",
      path: DELIVERIES_PATH,
      query: { ...filter, ...pageQuery(page) },
      schema: WebhookDeliveryListResponseSchema,
    });
    return { items: r.deliveries, meta: r.meta };
  };
  return {
    listEvents,
    allEvents: (category: EventCategory, filter?: EventFilter) =>
      iterateAll((page) => listEvents(category, filter, page)),
    getEvent: async (id: string): Promise<EventRecord> =>
      (await send({ method: "GET", path: eventPath(id), schema: EventResponseSchema })).event,
    listDeliveries,
    allDeliveries: (filter?: DeliveryFilter) => iterateAll((page) => listDeliveries(filter, page)),
  };
}

/** A filter the platform would refuse fails here, with the same field messages, without a request. */
function checkQuery(schema: z.ZodType, filter: object): void {
  const result = schema.safeParse(filter);
  if (result.success) return;
  throw new ValidationError("The filter is not valid", fieldErrors(result.error.issues));
}
