// The audit page's URL filters as a table: what each value means, and the sentence a bad one gets
// (the other filters still apply).
import { describe, expect, it } from "vitest";
import { auditFiltersHref, AuditFiltersSchema, parseAuditFilters } from "@/lib/audit/filters";
import { DEFAULT_AUDIT_FILTERS } from "@/lib/audit/filter-values";
import { dayRangeIn } from "@/lib/format/days";
import { translatorFor } from "@/lib/i18n/translator";

/** The errors are catalog keys; the page says them in the reader's language. */
const say = translatorFor("en");

const USER = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

describe("parseAuditFilters", () => {
  const good: Array<[string, Record<string, string>, Record<string, unknown>]> = [
    ["nothing", {}, { page: 1 }],
    ["a person", { person: USER }, { person: USER }],
    ["the app itself", { person: "system" }, { person: "system" }],
    ["an action", { action: "resource.deleted" }, { action: "resource.deleted" }],
    ["a range of days", { from: "2026-03-01", to: "2026-03-02" }, { from: "2026-03-01", to: "2026-03-02" }],
    ["one day", { from: "2026-03-01", to: "2026-03-01" }, { from: "2026-03-01", to: "2026-03-01" }],
    ["blank fields", { person: " ", action: "", from: "" }, { person: undefined, action: undefined }],
  ];
  it.each(good)("accepts %s", (_name, raw, expected) => {
    const { filters, errors } = parseAuditFilters(raw);
    expect(errors).toEqual({});
    expect(filters).toMatchObject(expected);
  });

  const bad: Array<[string, Record<string, string>, string, string]> = [
    ["a person that is SQL", { person: "' OR 1=1 --" }, "person", "Choose a person from the list."],
    ["an unknown action", { action: "audit.deleted" }, "action", "Choose an action from the list."],
    ["a date that does not exist", { from: "2026-02-30" }, "from", "That is not a valid date."],
    ["a date in another form", { to: "03/01/2026" }, "to", "Write the day as YYYY-MM-DD."],
    ["a range backwards", { from: "2026-03-02", to: "2026-03-01" }, "to", "The last day comes before the first day."],
    ["page 0", { page: "0" }, "page", "Pages start at 1."],
  ];
  it.each(bad)("refuses %s and keeps the rest", (_name, raw, field, message) => {
    const { filters, errors } = parseAuditFilters({ ...raw, action: raw.action ?? "auth.signed_in" });
    expect(errors[field].map((key) => say(key))).toEqual([message]);
    if (field !== "action") expect(filters.action).toBe("auth.signed_in");
  });

  it("round-trips through the page URL, defaults left out", () => {
    const { filters } = parseAuditFilters({ person: USER, from: "2026-03-01", page: "2" });
    const href = auditFiltersHref("/admin/audit", filters);
    expect(href).toBe(`/admin/audit?person=${USER}&from=2026-03-01&page=2`);
    expect(parseAuditFilters(Object.fromEntries(new URL(href, "http://x").searchParams)).filters).toEqual(filters);
  });
});

describe("dayRangeIn", () => {
  it("covers whole days of the zone, both ends included", () => {
    expect(dayRangeIn("2026-03-01", "2026-03-02", "UTC")).toEqual({
      gte: new Date("2026-03-01T00:00:00Z"),
      lt: new Date("2026-03-03T00:00:00Z"),
    });
    // Toronto's clocks go forward on 8 March 2026: that day has 23 hours.
    expect(dayRangeIn("2026-03-08", "2026-03-08", "America/Toronto")).toEqual({
      gte: new Date("2026-03-08T05:00:00Z"),
      lt: new Date("2026-03-09T04:00:00Z"),
    });
    expect(dayRangeIn(undefined, undefined, "UTC")).toEqual({});
  });
});

describe("the browser's defaults (zod-free, for the pager's links)", () => {
  it("are what the schema gives for no filters", () => {
    expect(AuditFiltersSchema.parse({})).toEqual(DEFAULT_AUDIT_FILTERS);
  });
});
