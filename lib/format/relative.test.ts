import { describe, expect, it } from "vitest";
import { relativeTime } from "@/lib/format/relative";

const NOW = Date.parse("2026-11-28T20:00:00.000Z");
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe("relativeTime", () => {
  it.each([
    [ago(5), "en", "now"],
    [ago(-20), "en", "now"],
    [ago(60), "en", "1 minute ago"],
    [ago(5 * 60 + 59), "en", "5 minutes ago"],
    [ago(59 * 60 + 59), "en", "59 minutes ago"],
    [ago(3 * 3600), "en", "3 hours ago"],
    [ago(30 * 3600), "en", "1 day ago"],
    [ago(3 * 86400), "en", "3 days ago"],
    [ago(5 * 60), "fr-CA", "il y a 5 minutes"],
    [ago(30 * 3600), "fr-CA", "il y a 1 jour"],
  ])("%s in %s reads %s", (at, locale, expected) => {
    expect(relativeTime(at, NOW, locale)).toBe(expected);
  });

  it("leaves a time more than a week old, or not a time, to the exact format", () => {
    expect(relativeTime(ago(8 * 86400), NOW, "en")).toBeNull();
    expect(relativeTime("not a time", NOW, "en")).toBeNull();
  });
});
