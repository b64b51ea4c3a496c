import type { Page } from "@playwright/test";

/**
 * Whether the page's background is dark or light, read as the browser paints it (the colour drawn on
 * a canvas and its lightness measured), whatever colour syntax the stylesheet was built to.
 */
export async function pageShade(page: Page): Promise<"dark" | "light"> {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = getComputedStyle(document.body).backgroundColor;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    return (r + g + b) / 3 < 128 ? "dark" : "light";
  });
}
