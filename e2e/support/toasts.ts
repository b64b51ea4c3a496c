import type { Locator, Page } from "@playwright/test";

/** The toast (sonner's list item, in its polite live region) that says `text`. */
export const toastSaying = (page: Page, text: string): Locator =>
  page
    .getByRole("region", { name: /^Notifications/ })
    .getByRole("listitem")
    .filter({ hasText: text });
