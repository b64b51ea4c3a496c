"use client";
// Where toasts appear (sonner): short confirmations of completed actions, read out by screen readers
// through sonner's polite live region. Its colours are the app's own, so they follow the light or
// dark theme with the rest of the page.
import type { CSSProperties } from "react";
import { Toaster as Sonner } from "sonner";

const APP_COLOURS = {
  "--normal-bg": "var(--color-white)",
  "--normal-text": "var(--color-slate-900)",
  "--normal-border": "var(--color-slate-300)",
  "--success-bg": "var(--color-emerald-50)",
  "--success-text": "var(--color-emerald-900)",
  "--success-border": "var(--color-emerald-200)",
} as CSSProperties;

export function Toaster() {
  return <Sonner position="bottom-right" closeButton duration={6000} style={APP_COLOURS} richColors />;
}
