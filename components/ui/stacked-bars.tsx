// The app's one bar chart: a bar per day, its parts stacked from the bottom, in plain SVG. The picture
// is one role="img" whose label sums it up (the caller writes it); the numbers are also in a table the
// caller shows, so nothing depends on seeing colour. Drawn at the width it is given: a chart that
// measures its frame (the timeline's) passes that width and keeps its text at the page's size; one
// drawn at a fixed width scales, and its labels grow on a phone (ChartText).
import type { ReactNode } from "react";
import { ChartText } from "@/components/ui/chart-text";

export interface BarPart {
  key: string;
  color: string;
  /** One count per bar. */
  counts: readonly number[];
}

export interface StackedBarsProps {
  /** One key per bar (a day), in order. */
  bars: readonly string[];
  parts: readonly BarPart[];
  width: number;
  height: number;
  padding: { left: number; right: number; top: number; bottom: number };
  /** How much of a bar's slot the bar fills. */
  fill?: number;
  label: string;
  /** The text under a bar (every bar's, thinned to `labelEvery`). */
  barLabel(index: number): string;
  labelEvery: number;
  /** Axis text: scaled with the picture (fixed width) or at the page's size (measured width). */
  textSize?: "scaled" | "page";
  /** A <title> per bar, for a picture with no pointer handling of its own. */
  barTitle?(index: number): string;
  /** The bar under the pointer, dimming the others; its column answers the pointer. */
  hover?: number | null;
  onHover?(index: number): void;
  onPick?(index: number): void;
}

export function StackedBars({
  bars,
  parts,
  width: W,
  height: H,
  padding: PAD,
  fill = 0.7,
  label,
  barLabel,
  labelEvery,
  textSize = "scaled",
  barTitle,
  hover = null,
  onHover,
  onPick,
}: StackedBarsProps) {
  const totals = bars.map((_, i) => parts.reduce((s, p) => s + (p.counts[i] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const floor = PAD.top + plotH;
  const slot = plotW / Math.max(bars.length, 1);
  const bar = Math.max(1, slot * fill);
  const Text = textSize === "scaled" ? ChartText : PageText;
  const pointer = onHover !== undefined || onPick !== undefined;
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className={textSize === "scaled" ? "h-auto w-full" : "block w-full"}
      style={textSize === "page" ? { height: H } : undefined}
      role="img"
      aria-label={label}
    >
      <line x1={PAD.left} x2={W - PAD.right} y1={floor} y2={floor} className="stroke-slate-300" />
      <Text x={PAD.left - 4} y={PAD.top + 8} anchor="end">
        {max}
      </Text>
      <Text x={PAD.left - 4} y={floor} anchor="end">
        0
      </Text>
      {bars.map((key, i) => {
        const x = PAD.left + i * slot + (slot - bar) / 2;
        let base = floor;
        return (
          <g key={key} opacity={hover === null || hover === i ? 1 : 0.45}>
            {barTitle && <title>{barTitle(i)}</title>}
            {parts.map((p) => {
              const h = ((p.counts[i] ?? 0) / max) * plotH;
              base -= h;
              return h > 0 ? <rect key={p.key} x={x} y={base} width={bar} height={h} fill={p.color} /> : null;
            })}
            {i % labelEvery === 0 && (
              <Text x={x + bar / 2} y={H - 5} anchor="middle">
                {barLabel(i)}
              </Text>
            )}
            {pointer && (
              // The whole column answers the pointer, however short its bar.
              <rect
                x={PAD.left + i * slot}
                y={PAD.top}
                width={slot}
                height={plotH}
                fill="transparent"
                className={onPick ? "cursor-pointer" : undefined}
                data-day={key}
                onMouseEnter={() => onHover?.(i)}
                onClick={() => onPick?.(i)}
              />
            )}
          </g>
        );
      })}
    </svg>
  );
}

function PageText({ x, y, anchor, children }: { x: number; y: number; anchor: "middle" | "end"; children: ReactNode }) {
  return (
    <text x={x} y={y} textAnchor={anchor} fontSize="11" className="fill-slate-500">
      {children}
    </text>
  );
}
