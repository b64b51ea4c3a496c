"use client";
// Who is signed in and their settings (alerts, language, theme, sign-out). On a phone they fold
// behind one button beside the sections' menu, so the header is one line before the page; from the
// md breakpoint up they are always shown. Escape closes it, focus back on its button.
import type { ReactNode } from "react";
import { useDisclosure } from "@/components/ui/use-disclosure";

export function AccountMenu({ label, children }: { label: string; children: ReactNode }) {
  const { open, panelId, buttonProps } = useDisclosure();
  return (
    <>
      <button
        {...buttonProps}
        className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-2.5 py-1.5 text-sm font-medium text-slate-700 md:hidden"
      >
        {label}
        <svg aria-hidden="true" viewBox="0 0 12 12" className="h-3 w-3" fill="none" stroke="currentColor">
          <path d={open ? "M3 7.5l3-3 3 3" : "M3 4.5l3 3 3-3"} strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      </button>
      <div
        id={panelId}
        className={`${open ? "flex" : "hidden"} absolute inset-x-0 top-full z-30 flex-wrap items-center gap-3 border-b border-slate-200 bg-white p-4 text-sm shadow-md md:static md:flex md:border-0 md:bg-transparent md:p-0 md:shadow-none`}
      >
        {children}
      </div>
    </>
  );
}
