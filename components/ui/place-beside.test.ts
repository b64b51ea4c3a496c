import { describe, expect, it } from "vitest";
import { placement } from "@/components/ui/place-beside";

const view = { width: 1440, height: 900 };
const panel = { width: 256, height: 200 };

describe("placement", () => {
  it.each([
    [
      "room below: below, right edges aligned",
      { top: 100, bottom: 130, right: 1300 },
      view,
      { top: 134, left: 1044, above: false },
    ],
    [
      "near the bottom: above the button",
      { top: 820, bottom: 850, right: 1300 },
      view,
      { top: 616, left: 1044, above: true },
    ],
    [
      "too little room either side: the larger side",
      { top: 100, bottom: 130, right: 300 },
      { width: 390, height: 300 },
      { top: 134, above: false },
    ],
    [
      "near the left edge: kept inside the window",
      { top: 100, bottom: 130, right: 120 },
      { width: 390, height: 844 },
      { left: 8 },
    ],
    [
      "near the right edge of a phone: kept inside",
      { top: 100, bottom: 130, right: 389 },
      { width: 390, height: 844 },
      { left: 126 },
    ],
  ])("%s", (_, anchor, window, expected) => {
    expect(placement(anchor, panel, window)).toMatchObject(expected);
  });

  it("never taller than the room on the side it takes", () => {
    const below = placement({ top: 100, bottom: 130, right: 300 }, panel, { width: 390, height: 300 });
    expect(below.maxHeight).toBe(300 - 130 - 4 - 8);
    const above = placement({ top: 150, bottom: 180, right: 300 }, panel, { width: 390, height: 300 });
    expect(above).toMatchObject({ above: true, top: 8, maxHeight: 150 - 4 - 8 });
  });
});
