import { describe, expect, it } from "vitest";
import { formatDay, formatTime, zoneForPeople, type TimeFormat } from "./time";

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
      "21 Nov 2026, 19:30 Pacific time",
    ],
    [
      "Vancouver named as its people say, in French too (the rules' abbreviation is MST)",
      "2026-11-22T02:30:00.000Z",
      { timeZone: "America/Vancouver", locale: "fr-CA" },
      "21 nov. 2026, 19 h 30 heure du Pacifique",
    ],
    [
      "Alberta's year-round UTC−6 is Mountain time",
      AT,
      { timeZone: "America/Edmonton" },
      "22 Nov 2026, 08:05 Mountain time",
    ],
    ["Denver keeps Mountain time's abbreviation", AT, { timeZone: "America/Denver" }, "22 Nov 2026, 07:05 MST"],
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

describe("zoneForPeople: a clinic's zone as people name it", () => {
  const winter = Date.parse("2026-01-15T12:00:00Z");
  const lateNovember = Date.parse("2026-11-28T12:00:00Z");
  it("gives the city and its clock's name, not the IANA name", () => {
    expect(zoneForPeople("America/Toronto", "en", winter)).toBe("Toronto (EST)");
    expect(zoneForPeople("America/Toronto", "fr-CA", winter)).toBe("Toronto (HNE)");
    expect(zoneForPeople("America/St_Johns", "en", winter)).toBe("St Johns (NST)");
    expect(zoneForPeople("UTC", "en", winter)).toBe("UTC");
  });
  it("names Vancouver's clock as Vancouver does, in both languages", () => {
    expect(zoneForPeople("America/Vancouver", "en", lateNovember)).toBe("Vancouver (Pacific time)");
    expect(zoneForPeople("America/Vancouver", "fr-CA", lateNovember)).toBe("Vancouver (heure du Pacifique)");
  });
});
