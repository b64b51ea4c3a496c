"use client";
// The colour theme switch in the header: follow the system, or always light, or always dark. The
// choice is written to a cookie for a year (the server puts it on <html> on the next page) and to the
// root element's class at once, so nothing reloads.
import { useState } from "react";
import { useTranslations } from "next-intl";
import { THEME_COOKIE, THEMES, themeClass, type Theme } from "@/lib/theme/theme";

export function ThemeSwitch({ initial }: { initial: Theme }) {
  const [theme, setTheme] = useState<Theme>(initial);
  const t = useTranslations("header.theme");

  function choose(next: Theme) {
    setTheme(next);
    const root = document.documentElement;
    root.classList.remove("light", "dark");
    const cls = themeClass(next);
    if (cls) root.classList.add(cls);
    document.cookie =
      next === "system"
        ? `${THEME_COOKIE}=; path=/; max-age=0; samesite=lax`
        : `${THEME_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
  }

  return (
    <label className="flex items-center gap-1.5 text-xs text-slate-600">
      {t("label")}
      <select
        value={theme}
        onChange={(e) => choose(e.target.value as Theme)}
        className="rounded-md border border-slate-300 bg-white px-1.5 py-1 text-xs text-slate-800"
      >
        {THEMES.map((option) => (
          <option key={option} value={option}>
            {t(`options.${option}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
