"use client";
// A search box that follows the address as its owner types: the first change of a spell of typing
// adds a history entry, the later ones replace it, so one Back undoes the whole search rather than a
// letter at a time. Leaving the box, or any other step (Back included), ends the spell.
import { useMemo, useRef } from "react";

/** How an address change enters history: a new entry, or in place of the current one. */
export type HistoryMode = "push" | "replace";

const here = () => `${window.location.pathname}${window.location.search}`;

export function useSettledTyping() {
  // The entry this spell of typing made; any other address means the spell is over.
  const entry = useRef<string | null>(null);
  return useMemo(
    () => ({
      change(apply: (mode: HistoryMode) => void) {
        apply(entry.current === here() ? "replace" : "push");
        entry.current = here();
      },
      settle() {
        entry.current = null;
      },
    }),
    [],
  );
}
