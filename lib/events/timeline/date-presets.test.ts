import { describe, expect, it } from "vitest";
import { presetFilter, presetOf } from "@/lib/events/timeline/date-presets";

// 06:30 UTC on 1 December 2026 is still 30 November in Vancouver.
const EARLY_UTC = new Date("2026-12-01T06:30:00.000Z");
const VANCOUVER = "America/Vancouver";

describe("date presets on the clinic's clock", () => {
  it.each([
    ["today", "2026-11-30"],
    ["yesterday", "2026-11-29"],
    ["last7", "2026-11-24..2026-11-30"],
    ["last30", "2026-11-01..2026-11-30"],
  ] as const)("%s in Vancouver is %s", (preset, filter) => {
    expect(presetFilter(preset, EARLY_UTC, VANCOUVER)).toBe(filter);
  });

  it("counts days in the clinic's zone, not UTC's", () => {
    expect(presetFilter("today", EARLY_UTC, "UTC")).toBe("2026-12-01");
    expect(presetFilter("last7", EARLY_UTC, "Asia/Kolkata")).toBe("2026-11-25..2026-12-01");
  });

  it("knows a filter as the preset it is today, and no other", () => {
    expect(presetOf("2026-11-29", EARLY_UTC, VANCOUVER)).toBe("yesterday");
    expect(presetOf("2026-11-24..2026-11-30", EARLY_UTC, VANCOUVER)).toBe("last7");
    expect(presetOf("2026-11-28", EARLY_UTC, VANCOUVER)).toBeNull();
    expect(presetOf(undefined, EARLY_UTC, VANCOUVER)).toBeNull();
  });
});
