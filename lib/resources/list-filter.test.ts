import { describe, expect, it } from "vitest";
import { hasFilters, matchesFilter } from "./list-filter";

const item = { name: "Anti-inflammatory Meal Plan", type: "Meal plan", category: "Nutrition" } as const;

describe("matchesFilter", () => {
  it.each([
    ["no filter", {}, true],
    ["type matches", { type: "Meal plan" }, true],
    ["type differs", { type: "Guide" }, false],
    ["category matches", { category: "Nutrition" }, true],
    ["category differs", { category: "Lifestyle" }, false],
    ["name, any case", { q: "meal PLAN" }, true],
    ["name, not found", { q: "sleep" }, false],
    ["all three match", { type: "Meal plan", category: "Nutrition", q: "anti" }, true],
    ["two match, one not", { type: "Meal plan", category: "Nutrition", q: "sleep" }, false],
  ] as const)("%s", (_label, filter, expected) => {
    expect(matchesFilter(item, filter)).toBe(expected);
  });

  it("an item without type or category only matches when none is asked", () => {
    const bare = { name: "x", type: null, category: null };
    expect(matchesFilter(bare, {})).toBe(true);
    expect(matchesFilter(bare, { type: "Guide" })).toBe(false);
  });

  it.each([
    [{}, false],
    [{ q: "" }, false],
    [{ q: "a" }, true],
    [{ type: "Guide" }, true],
  ] as const)("hasFilters(%j) → %s", (filter, expected) => {
    expect(hasFilters(filter)).toBe(expected);
  });
});
