"use client";
// A row's actions behind one button ("Actions"), so a table of people shows one control per row
// instead of four. A disclosure, not an ARIA menu: its items are ordinary buttons with their own
// confirmations and messages, reached by Tab. Escape or a click elsewhere closes it, and focus goes
// back to its button. The panel stays mounted while closed, so an action's answer survives.
import { useRef, type ReactNode } from "react";
import { useDisclosure } from "@/components/ui/use-disclosure";

export function RowMenu({ label, ariaLabel, children }: { label: string; ariaLabel: string; children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  const { open, panelId, buttonProps } = useDisclosure(root);
  return (
    <div ref={root} className="relative inline-block">
      <button
        {...buttonProps}
        aria-label={ariaLabel}
        className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-2.5 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50"
      >
        {label}
        <svg aria-hidden="true" viewBox="0 0 12 12" className="h-3 w-3" fill="none" stroke="currentColor">
          <path d="M3 4.5l3 3 3-3" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 top-full z-20 mt-1 flex w-64 max-w-[80vw] flex-col items-stretch gap-2 rounded-md border border-slate-200 bg-white p-2 shadow-lg"
      >
        {children}
      </div>
    </div>
  );
}
