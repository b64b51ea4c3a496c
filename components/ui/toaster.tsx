"use client";
// Where toasts appear (sonner): short confirmations of completed actions, read out by screen readers
// through sonner's polite live region. Its colours are the app's own, so they follow the light or
// dark theme with the rest of the page. Its own words (the region's name, each close button's label)
// are the app's, in the page's language.
import type { CSSProperties } from "react";
import { useTranslations } from "next-intl";
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
  const t = useTranslations("states");
  return (
    <Sonner
      position="bottom-right"
      closeButton
      duration={6000}
      style={APP_COLOURS}
      richColors
      containerAriaLabel={t("notifications")}
      toastOptions={{ closeButtonAriaLabel: t("closeNotification") }}
    />
  );
}
