"use client";
// A row's actions behind one button ("Actions"), so a table of people shows one control per row
// instead of four. A disclosure, not an ARIA menu: its items are ordinary buttons with their own
// confirmations and messages. The panel is a popover in the browser's top layer, so no table's
// scrolling box or stacking order can clip it; it is placed by its button, and above it when the
// space below is too short. Arrow keys, Home and End move between its buttons (Tab too); Escape or
// a click elsewhere closes it, and focus goes back to its button. The panel stays mounted while
// closed, so an action's answer survives.
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from "react";
import { useDisclosure } from "@/components/ui/use-disclosure";
import { placeBeside } from "@/components/ui/place-beside";

const ITEMS = "button:not([disabled])";

function itemsOf(panel: HTMLElement | null): HTMLElement[] {
  return panel ? [...panel.querySelectorAll<HTMLElement>(ITEMS)] : [];
}

/** The item an arrow, Home or End key moves to from the focused one; null for any other key. */
function nextItem(items: HTMLElement[], key: string): HTMLElement | null {
  const at = items.indexOf(document.activeElement as HTMLElement);
  if (key === "Home") return items[0] ?? null;
  if (key === "End") return items.at(-1) ?? null;
  if (key === "ArrowDown") return items[(at + 1) % items.length] ?? null;
  if (key === "ArrowUp") return items[at <= 0 ? items.length - 1 : at - 1] ?? null;
  return null;
}

export function RowMenu({ label, ariaLabel, children }: { label: string; ariaLabel: string; children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<"first" | "last" | null>(null);
  const { open, panelId, buttonProps } = useDisclosure(root);

  useLayoutEffect(() => {
    const box = panel.current;
    const button = buttonProps.ref.current;
    if (!box || !button) return;
    if (!open) {
      if (box.matches(":popover-open")) box.hidePopover();
      return;
    }
    if (!box.matches(":popover-open")) box.showPopover();
    const place = () => placeBeside(box, button);
    place();
    const items = itemsOf(box);
    if (focusOnOpen.current) (focusOnOpen.current === "first" ? items[0] : items.at(-1))?.focus();
    focusOnOpen.current = null;
    // Keep it by its button while the page or the table scrolls underneath.
    window.addEventListener("scroll", place, true);
    window.addEventListener("resize", place);
    return () => {
      window.removeEventListener("scroll", place, true);
      window.removeEventListener("resize", place);
    };
  }, [open, buttonProps.ref]);

  // An action's answer below its button makes the panel taller: keep it inside the window.
  useEffect(() => {
    const box = panel.current;
    const button = buttonProps.ref.current;
    if (!open || !box || !button) return;
    const observer = new ResizeObserver(() => placeBeside(box, button));
    observer.observe(box);
    return () => observer.disconnect();
  }, [open, buttonProps.ref]);

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    e.preventDefault();
    if (open) nextItem(itemsOf(panel.current), e.key === "ArrowDown" ? "Home" : "End")?.focus();
    else {
      focusOnOpen.current = e.key === "ArrowDown" ? "first" : "last";
      buttonProps.onClick();
    }
  };
  const onPanelKey = (e: KeyboardEvent<HTMLDivElement>) => {
    // Keys inside a confirmation dialog opened from the panel are the dialog's own.
    if ((e.target as HTMLElement).closest("dialog")) return;
    const target = nextItem(itemsOf(panel.current), e.key);
    if (!target) return;
    e.preventDefault();
    target.focus();
  };

  return (
    <div ref={root} className="relative inline-block">
      <button
        {...buttonProps}
        onKeyDown={onButtonKey}
        aria-label={ariaLabel}
        className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-2.5 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50"
      >
        {label}
        <svg aria-hidden="true" viewBox="0 0 12 12" className="h-3 w-3" fill="none" stroke="currentColor">
          <path d="M3 4.5l3 3 3-3" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <div
        ref={panel}
        id={panelId}
        popover="manual"
        data-row-menu=""
        onKeyDown={onPanelKey}
        className="fixed inset-auto m-0 w-64 max-w-[80vw] flex-col items-stretch gap-2 overflow-y-auto rounded-md border border-slate-200 bg-white p-2 text-slate-900 shadow-lg open:flex"
      >
        {children}
      </div>
    </div>
  );
}
