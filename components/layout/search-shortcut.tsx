"use client";
// "/" focuses the page's search (the first search field in the main content), else the header's
// search across sections, as on many sites; ignored while typing in a field or with a modifier held.
import { useEffect } from "react";

const SEARCH = 'main [role="search"] input:not([type="hidden"]), main input[type="search"]';
const HEADER_SEARCH = 'header [role="search"] input[type="search"]';

export function SearchShortcut() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']")) return;
      const search = [SEARCH, HEADER_SEARCH]
        .map((selector) => document.querySelector<HTMLInputElement>(selector))
        .find((input) => input?.checkVisibility());
      if (!search) return;
      e.preventDefault();
      search.focus();
      search.select();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return null;
}
