// Where a floating panel goes beside the control that opened it, in the window's coordinates: below
// it, its right edge on the control's, unless the window's space below is too short and there is
// more above, then above it; always inside the window, scrolling itself when taller than the room.
const GAP = 4;
const MARGIN = 8;

export interface Placement {
  top: number;
  left: number;
  maxHeight: number;
  above: boolean;
}

export function placement(
  anchor: Pick<DOMRect, "top" | "bottom" | "right">,
  panel: { width: number; height: number },
  view: { width: number; height: number },
): Placement {
  const below = view.height - anchor.bottom - GAP - MARGIN;
  const aboveRoom = anchor.top - GAP - MARGIN;
  const above = panel.height > below && aboveRoom > below;
  const maxHeight = Math.max(0, above ? aboveRoom : below);
  const height = Math.min(panel.height, maxHeight);
  const top = above ? anchor.top - GAP - height : anchor.bottom + GAP;
  const left = Math.min(Math.max(MARGIN, anchor.right - panel.width), view.width - panel.width - MARGIN);
  return { top, left: Math.max(MARGIN, left), maxHeight, above };
}

/** Places `panel` (position: fixed) beside `anchor`, and marks which side it took (data-side). */
export function placeBeside(panel: HTMLElement, anchor: HTMLElement): void {
  panel.style.maxHeight = "";
  const spot = placement(
    anchor.getBoundingClientRect(),
    { width: panel.offsetWidth, height: panel.scrollHeight },
    { width: document.documentElement.clientWidth, height: window.innerHeight },
  );
  panel.style.top = `${spot.top}px`;
  panel.style.left = `${spot.left}px`;
  panel.style.maxHeight = `${spot.maxHeight}px`;
  panel.dataset.side = spot.above ? "above" : "below";
}
