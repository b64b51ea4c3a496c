"use client";
// The browser's clock for what depends on the time of reading ("5 minutes ago", which date preset
// is today's): one clock for the whole page, moving each half minute, and none on the server or while
// hydrating, so the server's render never disagrees with the browser's.
import { useSyncExternalStore } from "react";

const TICK_MS = 30_000;
/** Null until the clock has first ticked: what the server rendered, and what hydration renders. */
let now: number | null = null;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function tick() {
  now = Date.now();
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    timer = setInterval(tick, TICK_MS);
    // The first tick in a task of its own, once the page has hydrated: the rows that then say "ago"
    // are drawn again apart from the hydration, whose task is already a phone's longest. (A time read
    // here would differ from the one hydration rendered, and React would redraw them within it.)
    setTimeout(tick, 0);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const noSubscription = () => () => {};

/** The browser's time (null while rendering on the server, hydrating, and until its first tick), when asked for. */
export function useNow(wanted = true): number | null {
  return useSyncExternalStore(
    wanted ? subscribe : noSubscription,
    () => (wanted ? now : null),
    () => null,
  );
}
