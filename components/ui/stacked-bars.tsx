// The app's one bar chart: a bar per day, its parts stacked from the bottom, in plain SVG. The picture
// is one role="img" whose label sums it up (the caller writes it); the numbers are also in a table the
// caller shows, so nothing depends on seeing colour. Either the picture scales, drawn at a fixed width
// in its own units, and its labels grow on a phone (ChartText); or its text keeps the page's size and
// the bars fill whatever width the page gives, laid out in percentages (the timeline's).
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
  /** The picture's width in its own units, when it scales; at the page's size it takes the page's. */
  width?: number;
  height: number;
  padding: { left: number; right: number; top: number; bottom: number };
  /** How much of a bar's slot the bar fills. */
  fill?: number;
  label: string;
  /** The text under a bar (every bar's, thinned to `labelEvery`). */
  barLabel(index: number): string;
  labelEvery: number;
  /** Axis text: scaled with the picture (fixed width) or at the page's size (the bars in percentages). */
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
  width: W = 720,
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
  const plotH = H - PAD.top - PAD.bottom;
  const floor = PAD.top + plotH;
  const pointer = onHover !== undefined || onPick !== undefined;
  const scaled = textSize === "scaled";
  // Where a bar goes across, as a share of the plot's width: drawn in the picture's own units when it
  // scales, and in percentages of the plot when its text keeps the page's size. Then nothing drawn
  // depends on the width measured in the browser, and a phone's first measure (narrower than the
  // server's guess) redraws no bar: setting a few hundred SVG attributes again was the timeline
  // page's longest task on a phone.
  const plotW = W - PAD.left - PAD.right;
  const wide = (share: number): number | string => (scaled ? share * plotW : `${+(share * 100).toFixed(4)}%`);
  const across = (share: number): number | string => (scaled ? PAD.left + share * plotW : wide(share));
  const slot = 1 / Math.max(bars.length, 1);
  const bar = scaled ? Math.max(1 / plotW, slot * fill) : slot * fill;
  const picture = (
    <svg
      viewBox={scaled ? `0 0 ${W} ${H}` : undefined}
      className={scaled ? "h-auto w-full" : "block w-full overflow-visible"}
      height={scaled ? undefined : H}
      role="img"
      aria-label={label}
    >
      <line x1={across(0)} x2={across(1)} y1={floor} y2={floor} className="stroke-slate-300" />
      <ChartText page={!scaled} x={scaled ? PAD.left - 4 : -4} y={PAD.top + 8} anchor="end">
        {max}
      </ChartText>
      <ChartText page={!scaled} x={scaled ? PAD.left - 4 : -4} y={floor} anchor="end">
        0
      </ChartText>
      {bars.map((key, i) => {
        const start = i * slot + (slot - bar) / 2;
        let base = floor;
        return (
          <g key={key} opacity={hover === null || hover === i ? 1 : 0.45}>
            {barTitle && <title>{barTitle(i)}</title>}
            {parts.map((p) => {
              const h = ((p.counts[i] ?? 0) / max) * plotH;
              base -= h;
              return h > 0 ? (
                <rect key={p.key} x={across(start)} y={base} width={wide(bar)} height={h} fill={p.color} />
              ) : null;
            })}
            {i % labelEvery === 0 && (
              <ChartText page={!scaled} x={across(start + bar / 2)} y={H - 5} anchor="middle">
                {barLabel(i)}
              </ChartText>
            )}
            {pointer && (
              // The whole column answers the pointer, however short its bar.
              <rect
                x={across(i * slot)}
                y={PAD.top}
                width={wide(slot)}
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
  // At the page's size the plot is the box inside the padding; the axis's numbers sit in the left one.
  return scaled ? picture : <div style={{ paddingLeft: PAD.left, paddingRight: PAD.right }}>{picture}</div>;
}
