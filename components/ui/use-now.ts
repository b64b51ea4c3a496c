"use client";
// The browser's clock for what depends on the time of reading ("5 minutes ago", which date preset
// is today's): one clock for the whole page, moving each half minute, and none on the server or while
// hydrating, so the server's render never disagrees with the browser's.
import { useSyncExternalStore } from "react";

const TICK_MS = 30_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  now = Date.now();
  timer ??= setInterval(() => {
    now = Date.now();
    for (const l of listeners) l();
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const noSubscription = () => () => {};

/** The browser's time (null while rendering on the server or hydrating), when asked for. */
export function useNow(wanted = true): number | null {
  return useSyncExternalStore(
    wanted ? subscribe : noSubscription,
    () => (wanted ? now : null),
    () => null,
  );
}
