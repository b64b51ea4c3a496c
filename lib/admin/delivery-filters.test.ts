import { describe, expect, it } from "vitest";
import { DeliveryListQuerySchema } from "@/lib/contract";
import { fieldErrors } from "@/lib/contract/field-errors";
import { checkDeliveryForm, DEFAULT_DELIVERY_FILTERS } from "@/lib/admin/delivery-filter-values";
import {
  clinicDays,
  deliveryFiltersHref,
  deliveryQuery,
  DeliveryFiltersSchema,
  parseDeliveryFilters,
} from "@/lib/admin/delivery-filters";

describe("parseDeliveryFilters", () => {
  it("gives the defaults for an empty URL", () => {
    expect(parseDeliveryFilters({})).toEqual({
      filters: { sort: "attempted_at", order: "DESC", page: 1, size: 25 },
      errors: {},
    });
  });

  it.each(["2026-03-01", "<2026-03-01", ">2026-03-01", "2026-03-01..2026-03-31", " 2026-03-01 "])(
    "accepts the date form %s",
    (value) => {
      const { filters, errors } = parseDeliveryFilters({ attempted_at: value });
      expect(errors).toEqual({});
      expect(filters.attempted_at).toBe(value.trim());
    },
  );

  const bad: Array<[string, Record<string, string>, string]> = [
    ["a date that is not a day", { attempted_at: "2026-02-30" }, "attempted_at"],
    ["a backwards range", { attempted_at: "2026-03-31..2026-03-01" }, "attempted_at"],
    ["free text as a date", { attempted_at: "yesterday" }, "attempted_at"],
    ["delivered neither true nor false", { delivered: "maybe" }, "delivered"],
    ["sort by something unknown", { sort: "status_code" }, "sort"],
    ["order not ASC or DESC", { order: "up" }, "order"],
    ["page zero", { page: "0" }, "page"],
    ["page not a number", { page: "two" }, "page"],
    ["a page size the platform does not allow", { size: "500" }, "size"],
    ["an event id too long", { event_id: "e".repeat(201) }, "event_id"],
  ];
  it.each(bad)("refuses %s with a message on its field and keeps the rest", (_name, input, field) => {
    const { filters, errors } = parseDeliveryFilters({ ...input, event_id: input.event_id ?? "evt_1" });
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field][0].length).toBeGreaterThan(10);
    if (field !== "event_id") expect(filters.event_id).toBe("evt_1");
  });
});

describe("deliveryQuery", () => {
  it("builds a query the platform's contract accepts", () => {
    const { filters } = parseDeliveryFilters({
      attempted_at: "<2026-03-01",
      event_id: "evt_1",
      delivered: "false",
      sort: "event_id",
      order: "ASC",
      page: "3",
      size: "10",
    });
    const { filter, page } = deliveryQuery(filters);
    expect(filter).toEqual({
      attempted_at: "<2026-03-01",
      event_id: "evt_1",
      successfully_delivered: "false",
      sort_by: "event_id",
      order_by: "ASC",
    });
    expect(page).toEqual({ number: 3, size: 10 });
    expect(DeliveryListQuerySchema.safeParse({ ...filter, "page[number]": "3", "page[size]": "10" }).success).toBe(
      true,
    );
  });
});

describe("deliveryFiltersHref", () => {
  it("leaves defaults out and round-trips through the parser", () => {
    const { filters } = parseDeliveryFilters({ delivered: "true", page: "2" });
    const href = deliveryFiltersHref("/admin/webhooks", filters);
    expect(href).toBe("/admin/webhooks?delivered=true&page=2");
    const back = parseDeliveryFilters(Object.fromEntries(new URL(href, "http://x").searchParams));
    expect(back.filters).toEqual(filters);
  });
});

describe("the browser's check of the filters form (zod-free) against the server's schema", () => {
  const form = { attempted_at: "", event_id: "", delivered: "", sort: "attempted_at", order: "DESC", size: "25" };
  const cases: Array<[string, Partial<typeof form>]> = [
    ["the defaults", {}],
    ["every filter set", { attempted_at: " >2026-03-01 ", event_id: " evt_1 ", delivered: "false", sort: "event_id" }],
    ["a range", { attempted_at: "2026-03-01..2026-03-31", order: "ASC", size: "100" }],
    ["a date that is not a day", { attempted_at: "2026-02-30" }],
    ["a backwards range", { attempted_at: "2026-03-31..2026-03-01" }],
    ["an event id too long", { event_id: "e".repeat(201) }],
    ["an event id at the limit", { event_id: "e".repeat(200) }],
    ["delivered neither true nor false", { delivered: "maybe" }],
    ["an unknown sort", { sort: "status_code" }],
    ["an unknown order", { order: "up" }],
    ["a page size not offered", { size: "30" }],
    ["a page size that is not a number", { size: "lots" }],
    ["blank selects", { sort: " ", order: "", size: "" }],
    ["several faults at once", { attempted_at: "yesterday", delivered: "x", size: "7" }],
  ];
  it.each(cases)("agrees on %s", (_name, change) => {
    const input = { ...form, ...change };
    const server = DeliveryFiltersSchema.safeParse({ ...input, page: 1 });
    const browser = checkDeliveryForm(input);
    if (server.success) expect(browser).toEqual({ ok: true, filters: server.data });
    else expect(browser).toEqual({ ok: false, errors: fieldErrors(server.error.issues) });
  });

  it("has the schema's defaults", () => {
    expect(DeliveryFiltersSchema.parse({})).toEqual(DEFAULT_DELIVERY_FILTERS);
  });
});

describe("clinicDays: a date filter on the clinic's clock", () => {
  const VANCOUVER = "America/Vancouver";
  it("reads a day as the clinic's midnight to midnight, and asks the platform for the UTC days around it", () => {
    const { platform, range } = clinicDays("2026-03-07", VANCOUVER);
    expect(platform).toBe("2026-03-06..2026-03-08");
    expect(range.gte?.toISOString()).toBe("2026-03-07T08:00:00.000Z");
    expect(range.lt?.toISOString()).toBe("2026-03-08T08:00:00.000Z");
  });

  it("bounds before, after and between at the clinic's midnights", () => {
    expect(clinicDays("<2026-03-07", VANCOUVER)).toEqual({
      platform: "<2026-03-08",
      range: { lt: new Date("2026-03-07T08:00:00.000Z") },
    });
    expect(clinicDays(">2026-03-07", VANCOUVER)).toEqual({
      platform: ">2026-03-06",
      range: { gte: new Date("2026-03-08T08:00:00.000Z") },
    });
    const between = clinicDays("2026-03-07..2026-03-09", "Asia/Kolkata");
    expect(between.platform).toBe("2026-03-06..2026-03-10");
    expect(between.range).toEqual({
      gte: new Date("2026-03-06T18:30:00.000Z"),
      lt: new Date("2026-03-09T18:30:00.000Z"),
    });
  });
});
