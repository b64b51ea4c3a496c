// A chart's axis text. The chart's SVG shrinks to a phone's width, and its labels with it: below the
// md breakpoint they are drawn twice as large in the chart's own units, so they stay readable (about
// 10 px on the screen).
import type { ReactNode } from "react";

const PHONE_LEGIBLE = "max-md:text-[20px]";

export function ChartText({
  x,
  y,
  anchor,
  children,
}: {
  x: number;
  y: number;
  anchor: "middle" | "end";
  children: ReactNode;
}) {
  return (
    <text x={x} y={y} textAnchor={anchor} fontSize="10" className={`${PHONE_LEGIBLE} fill-slate-500`}>
      {children}
    </text>
  );
}
