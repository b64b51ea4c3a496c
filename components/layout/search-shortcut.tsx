"use client";
// "/" focuses the page's search (the first search field in the main content), as on many sites;
// ignored while typing in a field or with a modifier held.
import { useEffect } from "react";

const SEARCH = 'main [role="search"] input:not([type="hidden"]), main input[type="search"]';

export function SearchShortcut() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']")) return;
      const search = document.querySelector<HTMLInputElement>(SEARCH);
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
