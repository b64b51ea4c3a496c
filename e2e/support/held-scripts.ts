// A page on a slow connection: its scripts held back until the test lets them through, so what a
// person does before the page's script runs (a choice, a file) can be tested. Routing also turns the
// browser's cache off, so the scripts are fetched again.
import type { Page } from "@playwright/test";

/** Scripts only: a held stylesheet would also stop the parser at the first inline script after it. */
const SCRIPTS = "**/_next/static/chunks/**/*.js";

/** Holds the page's scripts from now on; the function returned lets them through. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(SCRIPTS, async (route) => {
    await held;
    await route.continue();
  });
  // The route stays: scripts asked for later go through at once.
  return release;
}
