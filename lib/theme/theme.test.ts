import { describe, expect, it } from "vitest";
import { parseTheme, themeClass } from "@/lib/theme/theme";

describe("theme choice", () => {
  it("reads only light and dark from the cookie; anything else follows the system", () => {
    expect(parseTheme("light")).toBe("light");
    expect(parseTheme("dark")).toBe("dark");
    expect(parseTheme(undefined)).toBe("system");
    expect(parseTheme("DARK")).toBe("system");
    expect(parseTheme("<script>")).toBe("system");
  });

  it("gives the root element a class only for a fixed choice", () => {
    expect(themeClass("system")).toBeUndefined();
    expect(themeClass("dark")).toBe("dark");
    expect(themeClass("light")).toBe("light");
  });
});
