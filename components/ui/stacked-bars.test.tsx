import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StackedBars, type StackedBarsProps } from "@/components/ui/stacked-bars";

const PROPS: StackedBarsProps = {
  bars: ["d1", "d2", "d3", "d4"],
  parts: [{ key: "a", color: "#000", counts: [1, 2, 0, 4] }],
  height: 120,
  padding: { left: 32, right: 8, top: 8, bottom: 20 },
  fill: 0.5,
  label: "four days",
  barLabel: (i) => `day ${i + 1}`,
  labelEvery: 1,
  onPick: () => {},
};

/** Each drawn bar's and each day's pointer column's x and width, as the markup says them. */
function geometry(markup: string) {
  const rects = [...markup.matchAll(/<rect ([^>]*)\/?>/g)].map((m) => {
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(m[1])?.[1];
    return { x: attr("x"), width: attr("width"), column: attr("data-day") !== undefined };
  });
  return { bars: rects.filter((r) => !r.column), columns: rects.filter((r) => r.column) };
}

describe("StackedBars", () => {
  it("at the page's size, lays the bars out in percentages of the plot, whatever width it was given", () => {
    const narrow = renderToStaticMarkup(<StackedBars {...PROPS} textSize="page" width={300} />);
    const wide = renderToStaticMarkup(<StackedBars {...PROPS} textSize="page" width={1200} />);
    expect(narrow).toBe(wide);
    const { bars, columns } = geometry(wide);
    // Four slots of 25 %, each bar half its slot, centred; the day with no count draws no bar.
    expect(bars).toEqual([
      { x: "6.25%", width: "12.5%", column: false },
      { x: "31.25%", width: "12.5%", column: false },
      { x: "81.25%", width: "12.5%", column: false },
    ]);
    expect(columns.map((c) => [c.x, c.width])).toEqual([
      ["0%", "25%"],
      ["25%", "25%"],
      ["50%", "25%"],
      ["75%", "25%"],
    ]);
    // The plot sits inside the padding, the axis's numbers in the left one.
    expect(wide).toMatch(/^<div style="padding-left:32px;padding-right:8px"><svg/);
  });

  it("scaled, draws in the picture's own units: positions from the left padding, widths from none", () => {
    const markup = renderToStaticMarkup(<StackedBars {...PROPS} width={720} />);
    expect(markup).toMatch(/^<svg viewBox="0 0 720 120"/);
    // The plot is 720 − 32 − 8 = 680 wide: slots of 170, bars of 85.
    const { bars, columns } = geometry(markup);
    expect(bars.map((b) => [b.x, b.width])).toEqual([
      ["74.5", "85"],
      ["244.5", "85"],
      ["584.5", "85"],
    ]);
    expect(columns.map((c) => [c.x, c.width])).toEqual([
      ["32", "170"],
      ["202", "170"],
      ["372", "170"],
      ["542", "170"],
    ]);
  });
});
