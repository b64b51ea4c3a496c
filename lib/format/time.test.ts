import { describe, expect, it } from "vitest";
import { formatDay, formatTime, type TimeFormat } from "./time";

const AT = "2026-11-22T14:05:09.000Z";

describe("formatTime: one instant, any zone and language", () => {
  it.each<[string, string | Date, TimeFormat | undefined, string]>([
    ["the default: UTC, British English order, to the minute", AT, undefined, "22 Nov 2026, 14:05 UTC"],
    ["a Date as well as a string", new Date(AT), undefined, "22 Nov 2026, 14:05 UTC"],
    ["with seconds", AT, { show: "date-time-seconds" }, "22 Nov 2026, 14:05:09 UTC"],
    ["the time of day only", AT, { show: "time-seconds" }, "14:05:09 UTC"],
    ["a clinic in Toronto (UTC−5 in November)", AT, { timeZone: "America/Toronto" }, "22 Nov 2026, 09:05 EST"],
    ["in French for Canada", AT, { timeZone: "America/Toronto", locale: "fr-CA" }, "22 nov. 2026, 09 h 05 HNE"],
    [
      "across midnight into the zone's own day (British Columbia keeps UTC−7 from November 2026)",
      "2026-11-22T02:30:00.000Z",
      { timeZone: "America/Vancouver" },
      "21 Nov 2026, 19:30 MST",
    ],
    ["an offset where the zone has no English name", AT, { timeZone: "Asia/Kolkata" }, "22 Nov 2026, 19:35 GMT+5:30"],
    [
      "a Vancouver summer, in French",
      "2026-07-01T19:00:00.000Z",
      { timeZone: "America/Vancouver", locale: "fr-CA" },
      "1 juill. 2026, 12 h 00 HAP",
    ],
    ["an ISO-style offset with no name", AT, { timeZone: "America/Sao_Paulo" }, "22 Nov 2026, 11:05 GMT-3"],
  ])("%s", (_name, value, format, expected) => {
    expect(formatTime(value, format)).toBe(expected);
  });
});

describe("formatDay: a UTC day of the event store", () => {
  it.each([
    ["2026-11-22", undefined, "22 Nov"],
    ["2026-01-01", "fr-CA", "1 janv."],
  ])("%s (%s) → %s", (day, locale, expected) => {
    expect(formatDay(day, { locale })).toBe(expected);
  });
});
