import { describe, expect, it } from "vitest";
import { formatDateFilter, matchesDateFilter, parseDateFilter, type DateFilter } from "./date-filter";

describe("parseDateFilter accepts the four forms of spec 4", () => {
  const cases: [string, DateFilter][] = [
    ["2025-01-15", { kind: "on", date: "2025-01-15" }],
    ["<2025-01-15", { kind: "before", date: "2025-01-15" }],
    [">2025-01-15", { kind: "after", date: "2025-01-15" }],
    ["2025-01-01..2025-01-31", { kind: "between", from: "2025-01-01", to: "2025-01-31" }],
    ["2024-02-29", { kind: "on", date: "2024-02-29" }],
    ["2025-01-05..2025-01-05", { kind: "between", from: "2025-01-05", to: "2025-01-05" }],
  ];
  it.each(cases)("%s", (input, expected) => {
    const result = parseDateFilter(input);
    expect(result).toEqual({ ok: true, filter: expected });
    if (result.ok) expect(formatDateFilter(result.filter)).toBe(input);
  });
});

describe("parseDateFilter rejects malformed filters", () => {
  const bad = [
    "",
    "2025-1-15",
    "15-01-2025",
    "2025-02-30",
    "2023-02-29",
    "2025-13-01",
    "<=2025-01-01",
    "<",
    "2025-01-31..2025-01-01",
    "2025-01-01..",
    "..2025-01-01",
    "2025-01-01..2025-01-02..2025-01-03",
    "2025-01-01T00:00:00Z",
    "yesterday",
  ];
  it.each(bad)("%j", (input) => {
    const result = parseDateFilter(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/yyyy-mm-dd/);
  });
});

describe("matchesDateFilter compares UTC calendar days", () => {
  const at = "2025-01-15T23:59:59.000Z";
  const rows: [string, boolean][] = [
    ["2025-01-15", true],
    ["2025-01-16", false],
    ["<2025-01-15", false],
    ["<2025-01-16", true],
    [">2025-01-15", false],
    [">2025-01-14", true],
    ["2025-01-15..2025-01-20", true],
    ["2025-01-10..2025-01-15", true],
    ["2025-01-16..2025-01-20", false],
  ];
  it.each(rows)("%s → %s", (input, expected) => {
    const parsed = parseDateFilter(input);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(matchesDateFilter(parsed.filter, at)).toBe(expected);
  });

  it("uses UTC, not the local day, for offsets", () => {
    const parsed = parseDateFilter("2025-01-16");
    if (!parsed.ok) throw new Error(parsed.message);
    expect(matchesDateFilter(parsed.filter, "2025-01-15T23:30:00-05:00")).toBe(true);
  });
});
