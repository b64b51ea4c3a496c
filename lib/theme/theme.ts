// The person's choice of colour theme: "system" follows the device, "light" and "dark" fix it. Kept
// in a cookie (not localStorage) so the server renders the page with the right class on <html> and
// the first paint is already in the chosen theme, with no script before it.
export const THEME_COOKIE = "theme";
export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export function parseTheme(value: string | undefined): Theme {
  return value === "light" || value === "dark" ? value : "system";
}

/** The class the root element carries for a choice (none for "system": the media query decides). */
export function themeClass(theme: Theme): string | undefined {
  return theme === "system" ? undefined : theme;
}
