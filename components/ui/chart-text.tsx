// A chart's axis text. A chart whose SVG shrinks to a phone's width shrinks its labels with it: below
// the md breakpoint they are drawn twice as large in the chart's own units, so they stay readable
// (about 10 px on the screen). A chart drawn at the page's size (`page`) keeps them at 11 px.
import type { ReactNode } from "react";

const PHONE_LEGIBLE = "max-md:text-[20px]";

export function ChartText({
  x,
  y,
  anchor,
  page = false,
  children,
}: {
  x: number | string;
  y: number;
  anchor: "middle" | "end";
  page?: boolean;
  children: ReactNode;
}) {
  return (
    <text
      x={x}
      y={y}
      textAnchor={anchor}
      fontSize={page ? "11" : "10"}
      className={page ? "fill-slate-500" : `${PHONE_LEGIBLE} fill-slate-500`}
    >
      {children}
    </text>
  );
}
