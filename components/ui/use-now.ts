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

/**
 * How many of the page's readers of the clock are moved in one task. A page of fifty rows, drawn as a
 * table and as cards, has a hundred: moved at once, saying "ago" in each was a phone's longest task
 * on the timeline; moved ten at a time, the page answers a tap in between.
 */
const READERS_PER_TASK = 10;

function tick() {
  now = Date.now();
  const waiting = [...listeners];
  const step = () => {
    for (const listener of waiting.splice(0, READERS_PER_TASK)) if (listeners.has(listener)) listener();
    if (waiting.length > 0) setTimeout(step, 0);
  };
  step();
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
