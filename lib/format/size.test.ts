import { describe, expect, it } from "vitest";
import { formatSize } from "@/lib/format/size";

const MB = 1024 * 1024;
/** The no-break space between a number and its unit, written as a plain one to read the cases. */
const said = (bytes: number, locale: string, rounding?: "up" | "down") =>
  formatSize(bytes, locale, rounding).replaceAll("\u00a0", " ");

describe("formatSize: a size in words", () => {
  it.each([
    [10 * MB, "en", "10 MB"],
    [11 * MB, "en", "11 MB"],
    [10 * MB, "fr-CA", "10 Mo"],
    [11_534_336, "fr-CA", "11 Mo"],
    [1.5 * MB, "en", "1.5 MB"],
    [1.5 * MB, "fr-CA", "1,5 Mo"],
    [820 * 1024, "en", "820 KB"],
    [1200, "en", "1.2 KB"],
    [1200, "fr-CA", "1,2 Ko"],
    [512, "en", "512 B"],
    [512, "fr-CA", "512 o"],
    [0, "en", "0 B"],
    [3 * 1024 * MB, "en", "3 GB"],
  ])("%d bytes in %s reads %s", (bytes, locale, expected) => {
    expect(said(bytes, locale)).toBe(expected);
  });

  it("never counts bytes past a thousand, nor writes a needless .0", () => {
    for (const bytes of [1024, 10 * MB, 11_534_336, 123_456_789]) {
      expect(said(bytes, "en")).not.toMatch(/bytes|,\d{3}|\.0\b/);
    }
  });

  it("rounds up a size over a limit, and down an 'at least' or 'at most'", () => {
    expect(said(10 * MB + 1, "en")).toBe("10 MB");
    expect(said(10 * MB + 1, "en", "up")).toBe("10.1 MB");
    expect(said(20.97 * MB, "en", "down")).toBe("20.9 MB");
    expect(said(20 * MB, "en", "up")).toBe("20 MB");
  });

  it("moves to the next unit when rounding reaches 1024", () => {
    expect(said(1024 * 1024 - 10, "en")).toBe("1 MB");
  });

  it("holds the number to its unit with a no-break space", () => {
    expect(formatSize(10 * MB, "en")).toBe("10\u00a0MB");
  });

  it("an unknown language writes English units in its own number format", () => {
    expect(said(1.5 * MB, "de")).toBe("1,5 MB");
  });
});
