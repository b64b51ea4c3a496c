// Accessibility as the specs check it: axe-core's serious and critical violations on the page as it
// is now (the platform's embedded frame aside). With the target-size rule on (off in axe's defaults):
// Lighthouse scores it, and small links packed in a timeline row failed it.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export async function axeProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .exclude("iframe")
    .options({ rules: { "target-size": { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
