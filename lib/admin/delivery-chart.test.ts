import { describe, expect, it } from "vitest";
import { chartWindow, countDeliveriesPerDay, successRate } from "@/lib/admin/delivery-chart";

describe("chartWindow", () => {
  it("ends on today's day in the clinic's zone and counts back", () => {
    const at = new Date("2026-03-02T23:30:00-05:00"); // 04:30 UTC on the 3rd
    expect(chartWindow(at, 3, "UTC")).toEqual({
      from: "2026-03-01",
      to: "2026-03-03",
      list: ["2026-03-01", "2026-03-02", "2026-03-03"],
      timeZone: "UTC",
    });
    expect(chartWindow(at, 3, "America/Toronto").list).toEqual(["2026-02-28", "2026-03-01", "2026-03-02"]);
  });
});

describe("countDeliveriesPerDay", () => {
  const window = chartWindow(new Date("2026-03-03T12:00:00Z"), 3, "UTC");
  it("splits attempts by UTC day into delivered and failed, and skips days outside the window", () => {
    const days = countDeliveriesPerDay(
      [
        { attempted_at: "2026-03-01T00:00:00Z", successfully_delivered: true },
        { attempted_at: "2026-03-01T23:59:59Z", successfully_delivered: false },
        { attempted_at: "2026-03-03T10:00:00Z", successfully_delivered: true },
        { attempted_at: "2026-03-03T11:00:00Z", successfully_delivered: true },
        { attempted_at: "2026-02-28T23:59:59Z", successfully_delivered: false },
        { attempted_at: "2026-03-04T00:00:00Z", successfully_delivered: false },
      ],
      window,
    );
    expect(days).toEqual([
      { day: "2026-03-01", delivered: 1, failed: 1 },
      { day: "2026-03-02", delivered: 0, failed: 0 },
      { day: "2026-03-03", delivered: 2, failed: 0 },
    ]);
  });
});

describe("successRate", () => {
  it.each([
    [{ delivered: 0, failed: 0 }, "—"],
    [{ delivered: 1, failed: 0 }, "100%"],
    [{ delivered: 2, failed: 1 }, "67%"],
    [{ delivered: 0, failed: 4 }, "0%"],
  ])("%o → %s", (day, rate) => expect(successRate(day)).toBe(rate));
});
