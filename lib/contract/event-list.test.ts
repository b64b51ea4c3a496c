// An event list's items as the app reads them: the whole event, or its id alone (the platform's
// documentation says lists give the matching events' ids), or a mix; an item that is not a whole
// event but names one is read as its id (its details are retrieved), and an item without an id is refused.
import { describe, expect, it } from "vitest";
import { EventListResponseSchema } from "./events";

const meta = { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 1 };
const whole = {
  id: "5c1d7f0a-0000-4a9e-9d61-2b1f3e4a5c6d",
  type: "order.placed",
  clinic_id: "clinic-1",
  created_at: "2026-03-02T10:00:00Z",
  data: { id: "ord-1", order_number: "R000000001" },
};

describe("event list items", () => {
  it.each([
    ["an id alone", { id: "evt-2" }, { id: "evt-2", event: null }],
    ["an id with keys the app does not know", { id: "evt-3", href: "/api/events/evt-3" }, { id: "evt-3", event: null }],
    ["a whole event", whole, { id: whole.id, event: whole }],
    ["an event whose data is not an object", { ...whole, data: [1, 2] }, { id: whole.id, event: null }],
  ])("%s", (_label, item, read) => {
    expect(EventListResponseSchema.parse({ events: [item], meta }).events).toEqual([read]);
  });

  it("reads a page that mixes whole events and ids, in order", () => {
    const page = EventListResponseSchema.parse({ events: [{ id: "evt-1" }, whole, { id: "evt-9" }], meta });
    expect(page.events.map((e) => [e.id, e.event === null])).toEqual([
      ["evt-1", true],
      [whole.id, false],
      ["evt-9", true],
    ]);
  });

  it.each([
    ["no id", { type: "order.placed" }],
    ["a numeric id", { id: 42 }],
    ["a bare string", "evt-1"],
  ])("refuses an item with %s", (_label, item) => {
    expect(EventListResponseSchema.safeParse({ events: [item], meta }).success).toBe(false);
  });
});
